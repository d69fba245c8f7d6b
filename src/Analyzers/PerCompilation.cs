using System;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.Analyzers;

/// <summary>
/// The symbols a rule needs, looked up once per compilation, on the first callback that needs them rather than in the
/// compilation start action.
/// </summary>
/// <remarks>
/// The compiler runs the start actions while it is still binding the project's references, and the first type lookup
/// (or question about a referenced assembly) waits for that binding, which the build's report then charges to the rule
/// (docs/performance.md). Operation, syntax-node and compilation-end actions run on code the compiler has bound, so a
/// lookup there finds the references ready and costs what the lookup itself costs.
/// </remarks>
internal sealed class PerCompilation<T>
    where T : class
{
    private readonly Lazy<T?> _value;

    public PerCompilation(Compilation compilation, Func<Compilation, T?> create)
        => _value = new Lazy<T?>(() => create(compilation), LazyThreadSafetyMode.ExecutionAndPublication);

    /// <summary>The symbols, or null where the rule stays quiet: the compilation lacks the types the rule is about, or it
    /// is a test project (<see cref="TestProjects"/>).</summary>
    public T? Value => _value.Value;
}

/// <summary>Creates a rule's <see cref="PerCompilation{T}"/>.</summary>
internal static class PerCompilation
{
    /// <summary>
    /// The rule's symbols for this compilation, or null where MSBuild's properties already say it is a test project that
    /// keeps the rules quiet (nothing to register). Where the properties say nothing, the test-framework references are
    /// looked at with the symbols, on first use.
    /// </summary>
    public static PerCompilation<T>? ForRule<T>(Compilation compilation, AnalyzerOptions options, Func<Compilation, T?> create)
        where T : class
    {
        bool? quiet = TestProjects.QuietByOptions(compilation, options);
        if (quiet == true)
            return null;

        return quiet == false
            ? new PerCompilation<T>(compilation, create)
            : new PerCompilation<T>(compilation, bound => TestProjects.ReferencesTestFramework(bound) ? null : create(bound));
    }
}
