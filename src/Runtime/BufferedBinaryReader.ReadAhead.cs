using System;
using System.IO;
using System.Text;

namespace Streamline.Runtime;

public sealed partial class BufferedBinaryReader
{
    /// <summary>The fewest bytes <see cref="ReadAhead"/> reads ahead; a loop that reads less keeps the caller's reader.</summary>
    /// <remarks>Below this a reader made for the loop costs more than the stream calls it saves (see SL1002's page,
    /// "A counted loop over a caller's reader").</remarks>
    public const int MinReadAhead = 64;

    private static readonly Encoding s_readAheadEncoding = new UTF8Encoding();

    /// <summary>
    /// Prepares a counted loop of fixed-size reads from a caller's <paramref name="reader"/>: where it pays and can be
    /// undone, the loop's bytes are read ahead in one call and the stream is put back, on
    /// <see cref="ReadAheadScope.Dispose"/>, just past the bytes the loop took; elsewhere the loop reads through
    /// <paramref name="reader"/> itself.
    /// </summary>
    /// <param name="reader">The reader the loop reads; may be <see langword="null"/> (the loop then fails as it would
    /// have, at its first read).</param>
    /// <param name="count">How many passes the loop makes.</param>
    /// <param name="bytesPerPass">How many bytes each pass reads.</param>
    /// <returns>The scope whose <see cref="ReadAheadScope.Reader"/> the loop reads; dispose it when the loop ends.</returns>
    /// <remarks>
    /// <para>
    /// Reads ahead only where nothing can tell: <paramref name="reader"/> is exactly a <see cref="BinaryReader"/> (a
    /// subclass may read otherwise, or be buffered already), not disposed, over a stream that can seek (so the bytes
    /// not taken are given back) and is not a <see cref="MemoryStream"/> (which <see cref="BinaryReader"/> reads
    /// without a stream call), and the loop reads at least <see cref="MinReadAhead"/> bytes. Then
    /// <see cref="ReadAheadScope.Reader"/> is a <see cref="BufferedBinaryReader"/> over the same stream, left open,
    /// that reads at most <paramref name="count"/> times <paramref name="bytesPerPass"/> bytes ahead (only what a read
    /// needs after that), and disposing the scope seeks the stream to just past the bytes the loop read: where it
    /// would be had the loop read through <paramref name="reader"/>, also when the loop leaves early or throws. The
    /// counts only size the read: a loop that reads more or fewer bytes gets the same values and leaves the stream
    /// in the same place.
    /// </para>
    /// <para>
    /// Only fixed-size values may be read through the scope's reader, and nothing else may use the stream while the
    /// scope is open. Checking that the reader is not disposed makes one zero-byte <see cref="BinaryReader.Read(byte[], int, int)"/>
    /// call, which reaches the stream as a zero-byte read.
    /// </para>
    /// </remarks>
    public static ReadAheadScope ReadAhead(BinaryReader? reader, long count, int bytesPerPass)
    {
        if (reader is null
            || reader.GetType() != typeof(BinaryReader)
            || count <= 0
            || bytesPerPass <= 0
            || count > long.MaxValue / bytesPerPass
            || count * bytesPerPass < MinReadAhead)
        {
            return new ReadAheadScope(reader, null);
        }

        Stream? stream = reader.BaseStream; // null once disposed on .NET Framework and Mono
        if (stream is null || !stream.CanSeek || !stream.CanRead || stream.GetType() == typeof(MemoryStream))
        {
            return new ReadAheadScope(reader, null);
        }

        try
        {
            // Throws where the reader is disposed and its stream left open: the loop's first read must throw it.
            _ = reader.Read(Array.Empty<byte>(), 0, 0);
        }
        catch (ObjectDisposedException)
        {
            return new ReadAheadScope(reader, null);
        }

        var ahead = new BufferedBinaryReader(stream, s_readAheadEncoding, leaveOpen: true, DefaultBufferSize, count * bytesPerPass);
        return new ReadAheadScope(ahead, ahead);
    }

    /// <summary>The reader a counted loop reads (see <see cref="ReadAhead"/>); dispose it when the loop ends.</summary>
    public readonly struct ReadAheadScope : IDisposable
    {
        private readonly BufferedBinaryReader? _ahead;

        internal ReadAheadScope(BinaryReader? reader, BufferedBinaryReader? ahead)
        {
            // Null only where the caller's reader was: the loop's first read then throws as it did.
            Reader = reader!;
            _ahead = ahead;
        }

        /// <summary>Gets the reader to read the loop's values from: a <see cref="BufferedBinaryReader"/> reading ahead,
        /// or the caller's reader itself.</summary>
        public BinaryReader Reader { get; }

        /// <summary>Puts the stream back just past the bytes the loop read, where the scope read ahead; else does
        /// nothing. The caller's reader and its stream stay open.</summary>
        public void Dispose() => _ahead?.Dispose();
    }
}
