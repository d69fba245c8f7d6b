using System;

namespace Streamline.Runtime.Tests;

/// <summary>What a call did: its result, or the type and ParamName of what it threw (messages are localized).</summary>
public static class SearchOutcome
{
    public static string Of<T>(Func<T> call)
    {
        try
        {
            return "returned " + call();
        }
        catch (ArgumentException e)
        {
            return "threw " + e.GetType().Name + "(" + e.ParamName + ")";
        }
        catch (Exception e)
        {
            return "threw " + e.GetType().Name;
        }
    }
}
