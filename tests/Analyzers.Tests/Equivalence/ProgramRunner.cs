using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Text;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Streamline.Analyzers.Tests.Verifiers;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>What the caller does with its stream after the call.</summary>
public enum Observer
{
    /// <summary>Reads the next byte, then every remaining byte in 7-byte reads.</summary>
    ReadRest,

    /// <summary>Copies the rest with <see cref="Stream.CopyTo(Stream)"/>.</summary>
    CopyRest,

    /// <summary>Reads the rest as <see cref="long"/> values through a new <see cref="BinaryReader"/> left open.</summary>
    ReaderRest,
}

/// <summary>
/// One call: the stream the caller hands in, its data, how many bytes the caller has read from it before the call (a
/// header it parsed itself), what it looks at afterwards, and the numbers it passes.
/// </summary>
public sealed record Scenario(StreamKind Kind, int Size, Observer Observer, int Count, int Skip, int Start = 0)
{
    public override string ToString()
        => $"{Kind} stream, {Size} bytes{(Start > 0 ? $" of which the caller read {Start} first" : string.Empty)}, {Observer}, count={Count}, skip={Skip}";
}

/// <summary>A compiled program loaded into its own collectible load context.</summary>
public sealed class LoadedProgram : IDisposable
{
    private readonly AssemblyLoadContext _context;

    private LoadedProgram(AssemblyLoadContext context, Assembly assembly)
    {
        _context = context;
        Assembly = assembly;
    }

    public Assembly Assembly { get; }

    /// <summary>
    /// Compiles <paramref name="source"/> for <paramref name="target"/> against that target's build of Streamline.Runtime
    /// and loads it into this process (.NET Framework builds are not loaded: use <see cref="TestTarget.NetStandard20"/>,
    /// which runs the netstandard2.0 runtime), or returns the errors. An <paramref name="executable"/> is compiled as a
    /// console program (top-level statements).
    /// </summary>
    public static LoadedProgram? Compile(string source, out string errors, TestTarget target = TestTarget.Net80, bool executable = false)
    {
        Compilation compilation = AnalyzerRunner.CreateCompilation(target, source);
        if (executable)
            compilation = compilation.WithOptions(compilation.Options.WithOutputKind(OutputKind.ConsoleApplication));
        return Load(compilation, target, out errors);
    }

    /// <summary>Emits <paramref name="compilation"/> (made for <paramref name="target"/>) and loads it, or returns the errors.</summary>
    public static LoadedProgram? Load(Compilation compilation, TestTarget target, out string errors)
    {
        if (target == TestTarget.Net472)
            throw new ArgumentOutOfRangeException(nameof(target), "a .NET Framework build is not run in process; use NetStandard20");
        using var image = new MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult emitted = compilation.Emit(image);
        if (!emitted.Success)
        {
            errors = string.Join("\n", emitted.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).Take(10));
            return null;
        }

        errors = string.Empty;
        image.Position = 0;
        AssemblyLoadContext context = target == TestTarget.NetStandard20 ? new NetStandardRuntimeContext() : new AssemblyLoadContext("equivalence", isCollectible: true);
        return new LoadedProgram(context, context.LoadFromStream(image));
    }

    public void Dispose() => _context.Unload();

    /// <summary>Loads the netstandard2.0 build of Streamline.Runtime for the program, everything else from the host.</summary>
    private sealed class NetStandardRuntimeContext : AssemblyLoadContext
    {
        private static readonly string s_runtimePath = Path.Combine(AppContext.BaseDirectory, "runtime-netstandard2.0", "Streamline.Runtime.dll");

        public NetStandardRuntimeContext()
            : base("equivalence-netstandard2.0", isCollectible: true)
        {
        }

        protected override Assembly? Load(AssemblyName assemblyName)
            => assemblyName.Name == "Streamline.Runtime" ? LoadFromAssemblyPath(s_runtimePath) : null;
    }
}

/// <summary>
/// Calls a method of a loaded program the way a caller would, then looks at everything the caller can see: the
/// result or exception (type and <see cref="ArgumentException.ParamName"/>, never the message), anything returned or
/// stored that reads the stream, and the caller's stream afterwards (open or not, its position when it can seek, the
/// next byte and every remaining byte, or <see cref="Stream.CopyTo(Stream)"/> of the rest). Arguments are made from
/// the parameter types: a <see cref="string"/> is the data file's path (a <c>scratchPath</c> is a fresh copy the method
/// may write, whose bytes afterwards are part of what the caller sees), a <see cref="Stream"/> (and every null
/// <see cref="Stream"/> field of the instance) is the caller's stream, a <see cref="BinaryReader"/> is the caller's
/// reader over it (left open; the caller reads on through it afterwards), an <see cref="int"/> is the count or the skip.
/// </summary>
public static class ProgramRunner
{
    /// <summary>Whether the method's parameters can all be made, and which stream kinds it can be handed.</summary>
    public static IReadOnlyList<StreamKind>? KindsFor(Type type, MethodInfo method)
    {
        bool needsStream = false, needsFile = false;
        foreach (ParameterInfo parameter in method.GetParameters())
        {
            Type p = parameter.ParameterType;
            if (p == typeof(FileStream))
                needsFile = true;
            else if (p == typeof(Stream) || p == typeof(BinaryReader))
                needsStream = true;
            else if (!CanMake(p))
                return null;
        }

        if (type.GetFields(BindingFlags.Instance | BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic).Any(f => f.FieldType == typeof(Stream) && !f.IsLiteral))
            needsStream = true;
        if (needsFile || !needsStream)
            return new[] { StreamKind.File };
        return Enum.GetValues<StreamKind>();
    }

    private static bool CanMake(Type p)
        => p == typeof(string) || p == typeof(int) || p == typeof(long) || p == typeof(byte[]) || p == typeof(List<int>) || p == typeof(long[]) || p == typeof(string[]);

    /// <summary>Runs <paramref name="method"/> once in <paramref name="scenario"/> and describes what the caller saw.</summary>
    public static string Observe(Type type, MethodInfo method, Scenario scenario, CallerData data)
    {
        var log = new StringBuilder();
        var scratch = new List<string>();
        var readers = new List<BinaryReader>();
        Stream? caller = null;
        bool usesStream = method.GetParameters().Any(p => typeof(Stream).IsAssignableFrom(p.ParameterType) || p.ParameterType == typeof(BinaryReader))
            || StreamFields(type).Any();
        if (usesStream)
        {
            caller = data.Open(scenario.Kind, scenario.Size, scenario.Start);
            for (int i = 0; i < scenario.Start; i++)
                caller.ReadByte();
        }

        try
        {
            object? instance = null;
            if (!method.IsStatic)
            {
                try
                {
                    instance = Activator.CreateInstance(type, nonPublic: true);
                }
                catch (TargetInvocationException e)
                {
                    log.Append("ctor threw ").Append(Describe(e.InnerException!)).Append('\n');
                    return log.ToString();
                }
            }

            foreach (FieldInfo field in StreamFields(type))
            {
                if ((field.IsStatic || instance is not null) && field.GetValue(instance) is null)
                    field.SetValue(instance, caller);
            }

            object?[] arguments = method.GetParameters().Select(p => Argument(p, scenario, data, caller, scratch, readers)).ToArray();
            object? result;
            try
            {
                result = method.Invoke(instance, arguments);
                result = Await(result);
                log.Append("returned ").Append(DescribeValue(result, caller, scenario.Observer));
            }
            catch (Exception e)
            {
                log.Append("threw ").Append(Describe(Unwrap(e)));
            }

            log.Append('\n');
            foreach (FieldInfo field in type.GetFields(BindingFlags.Instance | BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic))
            {
                if (field.IsLiteral || (!field.IsStatic && instance is null))
                    continue;
                object? value = field.GetValue(instance);
                if (value is BinaryReader || (value is Stream && !ReferenceEquals(value, caller)))
                    log.Append("field ").Append(field.Name).Append(": ").Append(DescribeValue(value, caller, scenario.Observer)).Append('\n');
                if (field.IsStatic)
                    field.SetValue(null, null);
            }

            foreach (BinaryReader reader in readers)
                log.Append("caller's reader: ").Append(DescribeReader(reader)).Append('\n');
            if (caller is not null)
                log.Append("caller's stream: ").Append(DescribeStream(caller, scenario.Observer)).Append('\n');
            foreach (string copy in scratch)
                log.Append("scratch file afterwards: ").Append(Try(() => Digest(File.ReadAllBytes(copy)))).Append('\n');
            return log.ToString();
        }
        finally
        {
            caller?.Dispose();
            foreach (string copy in scratch)
                CallerData.DeleteCopy(copy);
        }
    }

    private static IEnumerable<FieldInfo> StreamFields(Type type)
        => type.GetFields(BindingFlags.Instance | BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic)
            .Where(f => f.FieldType == typeof(Stream) && !f.IsLiteral && !(f.IsStatic && f.IsInitOnly));

    private static object? Argument(ParameterInfo parameter, Scenario scenario, CallerData data, Stream? caller, List<string> scratch, List<BinaryReader> readers)
    {
        Type p = parameter.ParameterType;
        if (typeof(Stream).IsAssignableFrom(p))
            return caller;
        if (p == typeof(BinaryReader))
        {
            readers.Add(new BinaryReader(caller!, Encoding.UTF8, leaveOpen: true));
            return readers[^1];
        }

        if (p == typeof(string) && parameter.Name == "scratchPath")
        {
            scratch.Add(data.CopyOf(scenario.Size));
            return scratch[^1];
        }

        if (p == typeof(string))
            return data.PathOf(scenario.Size);
        if (p == typeof(string[]))
            return new[] { data.PathOf(scenario.Size) };
        if (p == typeof(int) || p == typeof(long))
        {
            int value = parameter.Name is { } name && name.Contains("skip", StringComparison.OrdinalIgnoreCase) ? scenario.Skip : scenario.Count;
            return p == typeof(int) ? value : (object)(long)value;
        }

        if (p == typeof(byte[]))
            return new byte[16];
        if (p == typeof(List<int>))
            return new List<int> { 1, 2, 3 };
        if (p == typeof(long[]))
            return new long[] { 0, 8 };
        throw new NotSupportedException(p.ToString());
    }

    private static object? Await(object? result)
    {
        if (result is not Task task)
            return result;
        try
        {
            task.Wait();
        }
        catch (AggregateException e) when (e.InnerExceptions.Count == 1)
        {
            throw e.InnerException!;
        }

        PropertyInfo? property = task.GetType().GetProperty("Result");
        object? value = property?.GetValue(task);
        return value?.GetType().Name == "VoidTaskResult" ? null : value;
    }

    private static Exception Unwrap(Exception e)
    {
        while (e is TargetInvocationException { InnerException: { } inner })
            e = inner;
        return e;
    }

    private static string Describe(Exception e)
        => e is ArgumentException argument ? $"{e.GetType().FullName}(ParamName={argument.ParamName})" : e.GetType().FullName!;

    private static string DescribeValue(object? value, Stream? caller, Observer observer)
    {
        switch (value)
        {
            case null:
                return "null";
            case BinaryReader reader:
                return "a BinaryReader: " + DescribeReader(reader);
            case Stream stream when ReferenceEquals(stream, caller):
                return "the caller's stream";
            case Stream stream:
                return "a stream: " + DescribeStream(stream, observer);
            case string text:
                return "\"" + text + "\"";
            case IEnumerable sequence:
                return DescribeSequence(sequence, caller);
            case IFormattable formattable:
                return formattable.ToString(null, CultureInfo.InvariantCulture);
            default:
                return value.ToString() ?? string.Empty;
        }
    }

    /// <summary>A returned or stored reader: three more values through it, then where its stream is.</summary>
    private static string DescribeReader(BinaryReader reader)
    {
        var log = new StringBuilder();
        for (int i = 0; i < 3; i++)
        {
            try
            {
                log.Append(reader.ReadInt32().ToString(CultureInfo.InvariantCulture)).Append(' ');
            }
            catch (Exception e)
            {
                log.Append(Describe(e)).Append(' ');
                break;
            }
        }

        log.Append("then BaseStream.Position ").Append(Try(() => reader.BaseStream.Position));
        return log.ToString();
    }

    /// <summary>An iterator: two items, where the caller's stream is between them and the rest, then the rest.</summary>
    private static string DescribeSequence(IEnumerable sequence, Stream? caller)
    {
        var log = new StringBuilder("sequence [");
        IEnumerator enumerator = sequence.GetEnumerator();
        try
        {
            int count = 0;
            long hash = 17;
            while (true)
            {
                if (count == 2 && caller is not null)
                    log.Append("(after 2 items the caller's stream is at ").Append(Try(() => caller.CanSeek ? caller.Position : -1)).Append(") ");
                if (!enumerator.MoveNext())
                    break;
                count++;
                hash = unchecked((hash * 31) + (enumerator.Current?.GetHashCode() ?? 0));
                if (count <= 4)
                    log.Append(Convert.ToString(enumerator.Current, CultureInfo.InvariantCulture)).Append(' ');
            }

            log.Append("... ").Append(count).Append(" items, hash ").Append(hash).Append(']');
        }
        catch (Exception e)
        {
            log.Append("threw ").Append(Describe(Unwrap(e))).Append(']');
        }
        finally
        {
            try
            {
                (enumerator as IDisposable)?.Dispose();
            }
            catch (Exception e)
            {
                log.Append(" dispose threw ").Append(Describe(e));
            }
        }

        return log.ToString();
    }

    /// <summary>The caller's view of a stream: open, position, and the rest through <paramref name="observer"/>.</summary>
    public static string DescribeStream(Stream stream, Observer observer)
    {
        var log = new StringBuilder();
        log.Append("open=").Append(stream.CanRead).Append(" canSeek=").Append(stream.CanSeek);
        log.Append(" length=").Append(Try(() => stream.Length));
        log.Append(" position=").Append(Try(() => stream.Position));
        switch (observer)
        {
            case Observer.ReadRest:
                log.Append(" next=").Append(Try(() => stream.ReadByte()));
                log.Append(" rest=").Append(Try(() =>
                {
                    var rest = new MemoryStream();
                    var chunk = new byte[7];
                    int n;
                    while ((n = stream.Read(chunk, 0, chunk.Length)) > 0)
                        rest.Write(chunk, 0, n);
                    return Digest(rest.ToArray());
                }));
                break;
            case Observer.CopyRest:
                log.Append(" copied=").Append(Try(() =>
                {
                    var rest = new MemoryStream();
                    stream.CopyTo(rest);
                    return Digest(rest.ToArray());
                }));
                break;
            case Observer.ReaderRest:
                log.Append(" values=").Append(Try(() =>
                {
                    using var reader = new BinaryReader(stream, Encoding.UTF8, leaveOpen: true);
                    long count = 0, hash = 17;
                    try
                    {
                        while (true)
                        {
                            hash = unchecked((hash * 31) + reader.ReadInt64());
                            count++;
                        }
                    }
                    catch (EndOfStreamException)
                    {
                        return $"{count} values, hash {hash}, then EndOfStreamException";
                    }
                }));
                break;
        }

        log.Append(" position after=").Append(Try(() => stream.Position));
        if (stream.CanSeek)
        {
            // Everything it holds now, written bytes included.
            log.Append(" all=").Append(Try(() =>
            {
                stream.Position = 0;
                var all = new MemoryStream();
                stream.CopyTo(all);
                return Digest(all.ToArray());
            }));
        }

        return log.ToString();
    }

    private static string Digest(byte[] bytes)
    {
        uint hash = 2166136261u;
        foreach (byte b in bytes)
            hash = unchecked((hash ^ b) * 16777619u);
        return $"{bytes.Length} bytes (fnv {hash:x8})";
    }

    private static string Try<T>(Func<T> read)
    {
        try
        {
            return Convert.ToString(read(), CultureInfo.InvariantCulture) ?? "null";
        }
        catch (Exception e)
        {
            return "threw " + Describe(Unwrap(e));
        }
    }
}
