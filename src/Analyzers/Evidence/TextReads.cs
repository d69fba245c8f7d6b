namespace Streamline.Analyzers.Evidence;

/// <summary>
/// The text reads made through a reader, directly or in the helpers it is handed to: what decides whether the buffered
/// reader returns the same characters over a stream the method does not own.
/// </summary>
/// <remarks>
/// <c>BinaryReader.ReadString</c> decodes a string that one <c>Stream.Read</c> returns whole on its own, and one that
/// arrives in pieces through the reader's decoder, which keeps an incomplete sequence for the next string. The buffered
/// reader decodes as over a stream that fills every read (<c>FileStream</c>, <c>MemoryStream</c>). So over a caller's
/// stream, which may be seekable and return short reads, a string with invalid bytes can come out differently. The
/// character reads (<c>ReadChar</c>, <c>ReadChars</c>, <c>PeekChar</c>) return the same characters either way with the
/// decoders that keep their state between calls (UTF-8, UTF-16, UTF-32, ASCII, Latin-1), not with code-page encodings
/// (the runtime's differential tests; <c>BufferedBinaryReader</c>'s remarks).
/// </remarks>
internal sealed class TextReads
{
    /// <summary><c>ReadString</c> is called.</summary>
    public bool Strings { get; private set; }

    /// <summary><c>ReadChar</c>, <c>ReadChars</c> or <c>PeekChar</c> is called.</summary>
    public bool Characters { get; private set; }

    /// <summary>Notes the read <paramref name="name"/> of <c>BinaryReader</c> if it decodes text.</summary>
    public void Note(string name)
    {
        switch (name)
        {
            case "ReadString":
                Strings = true;
                break;
            case "ReadChar":
            case "ReadChars":
            case "PeekChar":
                Characters = true;
                break;
        }
    }
}
