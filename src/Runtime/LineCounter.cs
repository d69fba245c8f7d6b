using System;
using System.IO;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
#if STREAMLINE_SPANS
using System.Buffers;
#endif

namespace Streamline.Runtime;

/// <summary>
/// Counts the lines of a text file exactly as <see cref="File.ReadAllLines(string)"/> splits them, without building
/// the strings: same encoding detection, same line breaks, same result for every file, in constant memory.
/// </summary>
/// <remarks>
/// <para>
/// A line ends at <c>\n</c>, <c>\r</c> or <c>\r\n</c>; a final line break adds no empty line, and an empty file has
/// no lines. This is not <c>wc -l</c>, which counts <c>\n</c> bytes only: a last line without a line break and lines
/// ended by a lone <c>\r</c> count here but not there.
/// </para>
/// <para>
/// The file is decoded as <see cref="StreamReader"/> decodes it: the encoding's own preamble is skipped if the file
/// starts with it; otherwise a UTF-8, UTF-16 or UTF-32 byte order mark selects that encoding instead of the one given.
/// Invalid bytes become replacement characters, which are text. An incomplete sequence at the very end of the file is
/// one replacement character on .NET 8 and later, and nothing on .NET Framework and .NET Core up to 7, whose
/// StreamReader does not flush its decoder; the count follows the runtime it runs on (probed once per process).
/// </para>
/// <para>
/// For UTF-8, ASCII and Latin-1 (UTF-8 is the default), line break bytes are counted directly (vectorised on .NET 8);
/// any other encoding, and these with a fallback that throws or replaces with nothing or with a line break, is decoded
/// with its own <see cref="Decoder"/> into a fixed buffer. The file is read sequentially with
/// <see cref="FileShare.Read"/> into one 32 KB buffer, plus a 16 KB char buffer when decoding (both pooled where
/// <c>ArrayPool</c> exists), whatever the size of the file.
/// </para>
/// <para>
/// Arguments are checked as <c>File.ReadAllLines</c> checks them on the runtime it runs on. On .NET 8 and later: a
/// null path, then an empty path (<see cref="ArgumentException"/> with <c>ParamName</c> "path"), then a null
/// encoding. .NET Framework, Mono and older .NET Core check the encoding before the empty path, and .NET Framework
/// leaves <c>ParamName</c> null for an empty path; the netstandard2.0 build asks the BCL which, once, the first time
/// it meets an empty path.
/// </para>
/// </remarks>
public static class LineCounter
{
    // 32 KB: large enough that the read system calls cost little next to the scan, small enough that the buffers of a
    // call stay under 64 KB where they cannot be pooled (netstandard2.0: 32 KB of bytes plus 16 KB of chars).
    internal const int ByteBufferSize = 32 * 1024;

    // 8 K chars (16 KB) to decode into for encodings counted as chars.
    internal const int CharBufferSize = 8 * 1024;

    /// <summary>Counts the lines of a UTF-8 text file (or one that starts with a byte order mark).</summary>
    /// <param name="path">The file to read.</param>
    /// <returns>The number of lines: the length of <see cref="File.ReadAllLines(string)"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="path"/> is empty or is not a valid path.</exception>
    /// <exception cref="FileNotFoundException">The file does not exist.</exception>
    /// <exception cref="DirectoryNotFoundException">A folder on the path does not exist.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a folder, or reading it is not permitted.</exception>
    /// <exception cref="PathTooLongException">The path is too long.</exception>
    /// <exception cref="NotSupportedException">The path has an invalid format (.NET Framework).</exception>
    /// <exception cref="IOException">An I/O error occurred while opening or reading the file.</exception>
    /// <exception cref="OverflowException">The file has more than <see cref="int.MaxValue"/> lines.</exception>
    /// <remarks>
    /// Matches <c>File.ReadAllLines(path).Length</c> and <c>File.ReadLines(path).Count()</c>, with the same argument
    /// checks and exceptions. Where there are more than <see cref="int.MaxValue"/> lines, <c>ReadLines(path).Count()</c>
    /// throws <see cref="OverflowException"/> (and <c>ReadAllLines</c> runs out of memory); this method throws
    /// <see cref="OverflowException"/> after counting. Use <see cref="CountLong(string)"/> for such files.
    /// </remarks>
    public static int Count(string path)
    {
        ValidateArguments(path);
        return ToInt32(CountLongCore(path, Encoding.UTF8, ByteBufferSize, CharBufferSize));
    }

    /// <summary>Counts the lines of a text file in the given encoding (or the one its byte order mark names).</summary>
    /// <param name="path">The file to read.</param>
    /// <param name="encoding">The encoding of the file when it starts with no byte order mark.</param>
    /// <returns>The number of lines: the length of <see cref="File.ReadAllLines(string, Encoding)"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> or <paramref name="encoding"/> is
    /// <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="path"/> is empty or is not a valid path.</exception>
    /// <exception cref="FileNotFoundException">The file does not exist.</exception>
    /// <exception cref="DirectoryNotFoundException">A folder on the path does not exist.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a folder, or reading it is not permitted.</exception>
    /// <exception cref="PathTooLongException">The path is too long.</exception>
    /// <exception cref="NotSupportedException">The path has an invalid format (.NET Framework).</exception>
    /// <exception cref="IOException">An I/O error occurred while opening or reading the file.</exception>
    /// <exception cref="DecoderFallbackException"><paramref name="encoding"/> throws on invalid bytes and the file has
    /// some.</exception>
    /// <exception cref="OverflowException">The file has more than <see cref="int.MaxValue"/> lines.</exception>
    /// <remarks>
    /// Matches <c>File.ReadAllLines(path, encoding).Length</c> and <c>File.ReadLines(path, encoding).Count()</c>, with
    /// the same argument checks (path, then encoding, as on .NET 8 and later) and exceptions. Where there are more than
    /// <see cref="int.MaxValue"/> lines, <c>ReadLines(path, encoding).Count()</c> throws
    /// <see cref="OverflowException"/>; so does this method, after counting. Use
    /// <see cref="CountLong(string, Encoding)"/> for such files.
    /// </remarks>
    public static int Count(string path, Encoding encoding)
    {
        ValidateArguments(path, encoding);
        return ToInt32(CountLongCore(path, encoding, ByteBufferSize, CharBufferSize));
    }

    /// <summary>Counts the lines of a UTF-8 text file (or one that starts with a byte order mark).</summary>
    /// <param name="path">The file to read.</param>
    /// <returns>The number of lines that <see cref="File.ReadLines(string)"/> would return.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="path"/> is empty or is not a valid path.</exception>
    /// <exception cref="FileNotFoundException">The file does not exist.</exception>
    /// <exception cref="DirectoryNotFoundException">A folder on the path does not exist.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a folder, or reading it is not permitted.</exception>
    /// <exception cref="PathTooLongException">The path is too long.</exception>
    /// <exception cref="NotSupportedException">The path has an invalid format (.NET Framework).</exception>
    /// <exception cref="IOException">An I/O error occurred while opening or reading the file.</exception>
    /// <remarks>
    /// Matches <c>File.ReadLines(path).LongCount()</c> (and <c>File.ReadAllLines(path).Length</c> where that fits in
    /// memory), with the same argument checks and exceptions. Files over 2 GB are read with 64-bit offsets.
    /// </remarks>
    public static long CountLong(string path)
    {
        ValidateArguments(path);
        return CountLongCore(path, Encoding.UTF8, ByteBufferSize, CharBufferSize);
    }

    /// <summary>Counts the lines of a text file in the given encoding (or the one its byte order mark names).</summary>
    /// <param name="path">The file to read.</param>
    /// <param name="encoding">The encoding of the file when it starts with no byte order mark.</param>
    /// <returns>The number of lines that <see cref="File.ReadLines(string, Encoding)"/> would return.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> or <paramref name="encoding"/> is
    /// <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="path"/> is empty or is not a valid path.</exception>
    /// <exception cref="FileNotFoundException">The file does not exist.</exception>
    /// <exception cref="DirectoryNotFoundException">A folder on the path does not exist.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a folder, or reading it is not permitted.</exception>
    /// <exception cref="PathTooLongException">The path is too long.</exception>
    /// <exception cref="NotSupportedException">The path has an invalid format (.NET Framework).</exception>
    /// <exception cref="IOException">An I/O error occurred while opening or reading the file.</exception>
    /// <exception cref="DecoderFallbackException"><paramref name="encoding"/> throws on invalid bytes and the file has
    /// some.</exception>
    /// <remarks>
    /// Matches <c>File.ReadLines(path, encoding).LongCount()</c> (and <c>File.ReadAllLines(path, encoding).Length</c>
    /// where that fits in memory), with the same argument checks and exceptions.
    /// </remarks>
    public static long CountLong(string path, Encoding encoding)
    {
        ValidateArguments(path, encoding);
        return CountLongCore(path, encoding, ByteBufferSize, CharBufferSize);
    }

    /// <summary>Counts the lines of a UTF-8 text file asynchronously.</summary>
    /// <param name="path">The file to read.</param>
    /// <param name="cancellationToken">The token to monitor for cancellation requests.</param>
    /// <returns>A task whose result is the length of <see cref="File.ReadAllLines(string)"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is <see langword="null"/> (thrown, not
    /// returned in the task).</exception>
    /// <exception cref="ArgumentException"><paramref name="path"/> is empty (thrown, not returned in the task).</exception>
    /// <exception cref="FileNotFoundException">The file does not exist (in the task, like every error from here on).</exception>
    /// <exception cref="DirectoryNotFoundException">A folder on the path does not exist.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a folder, or reading it is not permitted.</exception>
    /// <exception cref="IOException">An I/O error occurred while opening or reading the file.</exception>
    /// <exception cref="OverflowException">The file has more than <see cref="int.MaxValue"/> lines.</exception>
    /// <exception cref="OperationCanceledException">The token was canceled; the task is canceled.</exception>
    /// <remarks>
    /// Matches <c>(await File.ReadAllLinesAsync(path, cancellationToken)).Length</c>: argument errors throw at the
    /// call, an already canceled token returns a canceled task without touching the file, and opening or reading
    /// errors fault the task.
    /// </remarks>
    public static Task<int> CountAsync(string path, CancellationToken cancellationToken = default)
    {
        ValidateArguments(path);
        return cancellationToken.IsCancellationRequested
            ? Task.FromCanceled<int>(cancellationToken)
            : CountInt32CoreAsync(path, Encoding.UTF8, cancellationToken);
    }

    /// <summary>Counts the lines of a text file in the given encoding asynchronously.</summary>
    /// <param name="path">The file to read.</param>
    /// <param name="encoding">The encoding of the file when it starts with no byte order mark.</param>
    /// <param name="cancellationToken">The token to monitor for cancellation requests.</param>
    /// <returns>A task whose result is the length of <see cref="File.ReadAllLines(string, Encoding)"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> or <paramref name="encoding"/> is
    /// <see langword="null"/> (thrown, not returned in the task).</exception>
    /// <exception cref="ArgumentException"><paramref name="path"/> is empty (thrown, not returned in the task).</exception>
    /// <exception cref="FileNotFoundException">The file does not exist (in the task, like every error from here on).</exception>
    /// <exception cref="DirectoryNotFoundException">A folder on the path does not exist.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a folder, or reading it is not permitted.</exception>
    /// <exception cref="IOException">An I/O error occurred while opening or reading the file.</exception>
    /// <exception cref="DecoderFallbackException"><paramref name="encoding"/> throws on invalid bytes and the file has
    /// some.</exception>
    /// <exception cref="OverflowException">The file has more than <see cref="int.MaxValue"/> lines.</exception>
    /// <exception cref="OperationCanceledException">The token was canceled; the task is canceled.</exception>
    /// <remarks>
    /// Matches <c>(await File.ReadAllLinesAsync(path, encoding, cancellationToken)).Length</c>: argument errors throw
    /// at the call, an already canceled token returns a canceled task without touching the file, and opening or
    /// reading errors fault the task.
    /// </remarks>
    public static Task<int> CountAsync(string path, Encoding encoding, CancellationToken cancellationToken = default)
    {
        ValidateArguments(path, encoding);
        return cancellationToken.IsCancellationRequested
            ? Task.FromCanceled<int>(cancellationToken)
            : CountInt32CoreAsync(path, encoding, cancellationToken);
    }

    /// <summary>Counts the lines of a UTF-8 text file asynchronously, as a 64-bit number.</summary>
    /// <param name="path">The file to read.</param>
    /// <param name="cancellationToken">The token to monitor for cancellation requests.</param>
    /// <returns>A task whose result is the number of lines that <see cref="File.ReadLines(string)"/> would return.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is <see langword="null"/> (thrown, not
    /// returned in the task).</exception>
    /// <exception cref="ArgumentException"><paramref name="path"/> is empty (thrown, not returned in the task).</exception>
    /// <exception cref="FileNotFoundException">The file does not exist (in the task, like every error from here on).</exception>
    /// <exception cref="DirectoryNotFoundException">A folder on the path does not exist.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a folder, or reading it is not permitted.</exception>
    /// <exception cref="IOException">An I/O error occurred while opening or reading the file.</exception>
    /// <exception cref="OperationCanceledException">The token was canceled; the task is canceled.</exception>
    /// <remarks>
    /// Matches <c>(await File.ReadAllLinesAsync(path, cancellationToken)).Length</c> where that fits in memory, with
    /// the same placement of exceptions (see <see cref="CountAsync(string, CancellationToken)"/>).
    /// </remarks>
    public static Task<long> CountLongAsync(string path, CancellationToken cancellationToken = default)
    {
        ValidateArguments(path);
        return cancellationToken.IsCancellationRequested
            ? Task.FromCanceled<long>(cancellationToken)
            : CountLongCoreAsync(path, Encoding.UTF8, ByteBufferSize, CharBufferSize, cancellationToken);
    }

    /// <summary>Counts the lines of a text file in the given encoding asynchronously, as a 64-bit number.</summary>
    /// <param name="path">The file to read.</param>
    /// <param name="encoding">The encoding of the file when it starts with no byte order mark.</param>
    /// <param name="cancellationToken">The token to monitor for cancellation requests.</param>
    /// <returns>A task whose result is the number of lines that <see cref="File.ReadLines(string, Encoding)"/> would
    /// return.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> or <paramref name="encoding"/> is
    /// <see langword="null"/> (thrown, not returned in the task).</exception>
    /// <exception cref="ArgumentException"><paramref name="path"/> is empty (thrown, not returned in the task).</exception>
    /// <exception cref="FileNotFoundException">The file does not exist (in the task, like every error from here on).</exception>
    /// <exception cref="DirectoryNotFoundException">A folder on the path does not exist.</exception>
    /// <exception cref="UnauthorizedAccessException">The path is a folder, or reading it is not permitted.</exception>
    /// <exception cref="IOException">An I/O error occurred while opening or reading the file.</exception>
    /// <exception cref="DecoderFallbackException"><paramref name="encoding"/> throws on invalid bytes and the file has
    /// some.</exception>
    /// <exception cref="OperationCanceledException">The token was canceled; the task is canceled.</exception>
    /// <remarks>
    /// Matches <c>(await File.ReadAllLinesAsync(path, encoding, cancellationToken)).Length</c> where that fits in
    /// memory, with the same placement of exceptions (see <see cref="CountAsync(string, Encoding, CancellationToken)"/>).
    /// </remarks>
    public static Task<long> CountLongAsync(string path, Encoding encoding, CancellationToken cancellationToken = default)
    {
        ValidateArguments(path, encoding);
        return cancellationToken.IsCancellationRequested
            ? Task.FromCanceled<long>(cancellationToken)
            : CountLongCoreAsync(path, encoding, ByteBufferSize, CharBufferSize, cancellationToken);
    }

    /// <summary>The synchronous count, with buffer sizes that tests can shrink to reach chunk edges quickly.</summary>
    internal static long CountLongCore(string path, Encoding encoding, int byteBufferSize, int charBufferSize)
    {
        using (FileStream stream = Open(path, FileOptions.SequentialScan))
        {
            byte[] buffer = RentBytes(byteBufferSize);
            var state = new LineCounterState(encoding, charBufferSize);
            try
            {
                // StreamReader decides on the encoding from its first read; read until that much is here (or the file ends).
                int headerLength = LineCounterState.HeaderLength(encoding, byteBufferSize);
                int filled = 0;
                int read;
                while (filled < headerLength && (read = stream.Read(buffer, filled, byteBufferSize - filled)) > 0)
                {
                    filled += read;
                }

                int skip = state.Begin(buffer, filled);
                state.Feed(buffer, skip, filled - skip);
                while ((read = stream.Read(buffer, 0, byteBufferSize)) > 0)
                {
                    state.Feed(buffer, 0, read);
                }

                return state.Finish(buffer);
            }
            finally
            {
                state.Release();
                ReturnBytes(buffer);
            }
        }
    }

    /// <summary>The asynchronous count, with buffer sizes that tests can shrink.</summary>
    internal static async Task<long> CountLongCoreAsync(
        string path, Encoding encoding, int byteBufferSize, int charBufferSize, CancellationToken cancellationToken)
    {
        // As File.ReadAllLinesAsync: open inside the task (so opening errors fault it), then check the token.
        using (FileStream stream = Open(path, FileOptions.Asynchronous | FileOptions.SequentialScan))
        {
            cancellationToken.ThrowIfCancellationRequested();
            byte[] buffer = RentBytes(byteBufferSize);
            var state = new LineCounterState(encoding, charBufferSize);
            try
            {
                int headerLength = LineCounterState.HeaderLength(encoding, byteBufferSize);
                int filled = 0;
                int read;
                while (filled < headerLength
                    && (read = await ReadAsync(stream, buffer, filled, byteBufferSize - filled, cancellationToken).ConfigureAwait(false)) > 0)
                {
                    filled += read;
                }

                int skip = state.Begin(buffer, filled);
                state.Feed(buffer, skip, filled - skip);
                while ((read = await ReadAsync(stream, buffer, 0, byteBufferSize, cancellationToken).ConfigureAwait(false)) > 0)
                {
                    state.Feed(buffer, 0, read);
                    cancellationToken.ThrowIfCancellationRequested();
                }

                return state.Finish(buffer);
            }
            finally
            {
                state.Release();
                ReturnBytes(buffer);
            }
        }
    }

    private static async Task<int> CountInt32CoreAsync(string path, Encoding encoding, CancellationToken cancellationToken) =>
        ToInt32(await CountLongCoreAsync(path, encoding, ByteBufferSize, CharBufferSize, cancellationToken).ConfigureAwait(false));

    // File.ReadAllLines (.NET 8+): null path, then empty path, then null encoding.
    private static void ValidateArguments(string path)
    {
        if (path is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(path));
        }

        if (path.Length == 0)
        {
            ThrowHelper.ThrowArgumentEmptyString(EmptyPathChecks.ParamName);
        }
    }

    private static void ValidateArguments(string path, Encoding encoding)
    {
        if (path != null && path.Length == 0 && encoding is null && EmptyPathChecks.EncodingFirst)
        {
            ThrowHelper.ThrowArgumentNull(nameof(encoding));
        }

        ValidateArguments(path!);
        if (encoding is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(encoding));
        }
    }

    // How File.ReadAllLines rejects an empty path here: whether a null encoding is named first (.NET Framework, Mono)
    // or the path (.NET 8 and later), and the ParamName (null on .NET Framework). Asked of the BCL itself, only on
    // those error paths; the net8.0 build knows.
    private static class EmptyPathChecks
    {
#if STREAMLINE_NET8
        internal static bool EncodingFirst => false;

        internal static string? ParamName => "path";
#else
        internal static readonly bool EncodingFirst = ProbeEncodingFirst();

        internal static readonly string? ParamName = ProbeParamName();

        private static string? ProbeParamName()
        {
            try
            {
                _ = File.ReadAllLines(string.Empty);
                return "path";
            }
            catch (ArgumentException e)
            {
                return e.ParamName;
            }
        }

        private static bool ProbeEncodingFirst()
        {
            try
            {
                _ = File.ReadAllLines(string.Empty, null!);
                return false;
            }
            catch (ArgumentNullException)
            {
                return true;
            }
            catch (ArgumentException)
            {
                return false;
            }
        }
#endif
    }

    internal static int ToInt32(long count)
    {
        if (count > int.MaxValue)
        {
            ThrowHelper.ThrowLineCountOverflow();
        }

        return (int)count;
    }

    // FileStream's own buffer is off (size 1): reads go straight into ours.
    private static FileStream Open(string path, FileOptions options) =>
        new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1, options);

#if !STREAMLINE_SPANS
    private static byte[] RentBytes(int length) => new byte[length];

    private static void ReturnBytes(byte[] buffer)
    {
    }

    private static Task<int> ReadAsync(FileStream stream, byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        stream.ReadAsync(buffer, offset, count, cancellationToken);
#else
    private static byte[] RentBytes(int length) => ArrayPool<byte>.Shared.Rent(length);

    private static void ReturnBytes(byte[] buffer) => ArrayPool<byte>.Shared.Return(buffer);

    private static ValueTask<int> ReadAsync(FileStream stream, byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        stream.ReadAsync(buffer.AsMemory(offset, count), cancellationToken);
#endif
}
