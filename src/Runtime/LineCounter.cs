using System;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Streamline.Runtime;

/// <summary>Counts lines as <see cref="System.IO.File.ReadAllLines(string)"/> sees them. (Being written: signatures only.)</summary>
public static class LineCounter
{
    /// <summary>Not written yet.</summary>
    /// <param name="path">The file.</param>
    /// <returns>The count.</returns>
    public static int Count(string path) => throw new NotImplementedException();

    /// <summary>Not written yet.</summary>
    /// <param name="path">The file.</param>
    /// <param name="encoding">The encoding.</param>
    /// <returns>The count.</returns>
    public static int Count(string path, Encoding encoding) => throw new NotImplementedException();

    /// <summary>Not written yet.</summary>
    /// <param name="path">The file.</param>
    /// <returns>The count.</returns>
    public static long CountLong(string path) => throw new NotImplementedException();

    /// <summary>Not written yet.</summary>
    /// <param name="path">The file.</param>
    /// <param name="encoding">The encoding.</param>
    /// <returns>The count.</returns>
    public static long CountLong(string path, Encoding encoding) => throw new NotImplementedException();

    /// <summary>Not written yet.</summary>
    /// <param name="path">The file.</param>
    /// <param name="cancellationToken">The token.</param>
    /// <returns>The count.</returns>
    public static Task<int> CountAsync(string path, CancellationToken cancellationToken = default) => throw new NotImplementedException();

    /// <summary>Not written yet.</summary>
    /// <param name="path">The file.</param>
    /// <param name="encoding">The encoding.</param>
    /// <param name="cancellationToken">The token.</param>
    /// <returns>The count.</returns>
    public static Task<int> CountAsync(string path, Encoding encoding, CancellationToken cancellationToken = default) => throw new NotImplementedException();

    /// <summary>Not written yet.</summary>
    /// <param name="path">The file.</param>
    /// <param name="cancellationToken">The token.</param>
    /// <returns>The count.</returns>
    public static Task<long> CountLongAsync(string path, CancellationToken cancellationToken = default) => throw new NotImplementedException();

    /// <summary>Not written yet.</summary>
    /// <param name="path">The file.</param>
    /// <param name="encoding">The encoding.</param>
    /// <param name="cancellationToken">The token.</param>
    /// <returns>The count.</returns>
    public static Task<long> CountLongAsync(string path, Encoding encoding, CancellationToken cancellationToken = default) => throw new NotImplementedException();
}
