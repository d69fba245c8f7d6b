using System;
using System.Collections.Generic;
using System.Globalization;

namespace Streamline.Legacy.Tests;

/// <summary>Counts the cases of one component and keeps the first failures, each with what reproduces it.</summary>
internal sealed class Suite
{
    private const int MaxReportedFailures = 12;

    private readonly List<string> _failures = new();

    public Suite(string name)
    {
        Name = name;
    }

    public string Name { get; }

    public int Passed { get; private set; }

    public int Failed { get; private set; }

    /// <summary>Records one case: <paramref name="difference"/> is null when the runtime matched the BCL.</summary>
    public void Record(string? difference, string repro)
    {
        if (difference is null)
        {
            Passed++;
            return;
        }

        Failed++;
        if (_failures.Count < MaxReportedFailures)
        {
            _failures.Add(difference + Environment.NewLine + "    repro: " + repro);
        }
    }

    /// <summary>Runs one case, counting an unexpected exception of the harness itself as a failure.</summary>
    public void Run(string repro, Func<string?> check)
    {
        string? difference;
        try
        {
            difference = check();
        }
        catch (Exception e)
        {
            difference = "the check itself threw " + e;
        }

        Record(difference, repro);
    }

    public void Print()
    {
        Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "{0}: {1} passed, {2} failed", Name, Passed, Failed));
        foreach (string failure in _failures)
        {
            Console.WriteLine("  FAIL " + failure);
        }

        if (Failed > _failures.Count)
        {
            Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "  ... and {0} more", Failed - _failures.Count));
        }
    }
}

/// <summary>Renders outcomes so that a value and an exception compare as strings.</summary>
internal static class Outcome
{
    public static string Of(Func<string> action)
    {
        try
        {
            return action();
        }
        catch (Exception e)
        {
            return Describe(e);
        }
    }

    // The type and ParamName, never the message, which is localised and differs between runtimes.
    public static string Describe(Exception e)
    {
        while (e is AggregateException { InnerExceptions.Count: 1 } aggregate)
        {
            e = aggregate.InnerExceptions[0];
        }

        return "throws:" + e.GetType().FullName + (e is ArgumentException a ? "(" + a.ParamName + ")" : string.Empty);
    }

    public static string Hex(byte[] bytes, int offset, int count)
    {
        var builder = new System.Text.StringBuilder(count * 2);
        for (int i = offset; i < offset + count; i++)
        {
            builder.Append(bytes[i].ToString("X2", CultureInfo.InvariantCulture));
        }

        return builder.ToString();
    }

    public static string Hex(byte[] bytes) => Hex(bytes, 0, bytes.Length);

    public static string Chars(char[] chars, int offset, int count)
    {
        var builder = new System.Text.StringBuilder(count * 4);
        for (int i = offset; i < offset + count; i++)
        {
            builder.Append(((int)chars[i]).ToString("X4", CultureInfo.InvariantCulture));
        }

        return builder.ToString();
    }

    public static string Chars(string text) => Chars(text.ToCharArray(), 0, text.Length);
}
