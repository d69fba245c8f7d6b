using System.Buffers;
using System.Text;
using Microsoft.Win32.SafeHandles;

// counting-baseline FILE: prints "lines words chars bytes FILE".
if (args.Length != 1)
{
    Console.Error.WriteLine("usage: counting-baseline FILE");
    return 2;
}

SearchValues<char> whiteSpace = SearchValues.Create("\t\n\v\f\r \u0085\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000");
byte[] bytes = new byte[64 * 1024];
char[] chars = new char[Encoding.UTF8.GetMaxCharCount(bytes.Length)];
Decoder decoder = Encoding.UTF8.GetDecoder();
long lineCount = 0, wordCount = 0, charCount = 0, byteCount = 0, offset = 0;
bool inWord = false;
using (SafeFileHandle handle = File.OpenHandle(args[0], FileMode.Open, FileAccess.Read, FileShare.Read, FileOptions.SequentialScan))
{
    int read;
    while ((read = RandomAccess.Read(handle, bytes, offset)) > 0)
    {
        offset += read;
        byteCount += read;
        int decoded = decoder.GetChars(bytes, 0, read, chars, 0, flush: false);
        ReadOnlySpan<char> text = chars.AsSpan(0, decoded);
        charCount += decoded;
        lineCount += text.Count('\n');

        // Alternate between the next white space and the next non-white space: one word per switch into a word.
        while (!text.IsEmpty)
        {
            if (inWord)
            {
                int end = text.IndexOfAny(whiteSpace);
                if (end < 0)
                    break;
                inWord = false;
                text = text.Slice(end);
            }
            else
            {
                int start = text.IndexOfAnyExcept(whiteSpace);
                if (start < 0)
                    break;
                inWord = true;
                wordCount++;
                text = text.Slice(start);
            }
        }
    }
}

Console.WriteLine($"{lineCount} {wordCount} {charCount} {byteCount} {args[0]}");
return 0;
