using System;
using System.Runtime.InteropServices;

namespace Streamline.Samples.Wc;

/// <summary>The few Linux system calls <c>wc</c> needs, called directly so that errors keep their <c>errno</c> and
/// file names are passed as the bytes the user gave.</summary>
/// <remarks>.NET's file APIs take UTF-16 names (a name that is not UTF-8 cannot be opened), refuse to wrap a closed or
/// directory descriptor, and turn errors into exceptions whose messages are not the C library's. GNU <c>wc</c> prints
/// <c>strerror(errno)</c>, so the sample asks glibc itself. <c>statx</c> is used for <c>stat</c> and <c>fstat</c>
/// because its structure has one layout on every Linux architecture.</remarks>
internal static unsafe partial class Posix
{
    public const int EINTR = 4;
    public const int EBADF = 9;
    public const int EPIPE = 32;

    private const int SigPipe = 13;

    private const int AtFdCwd = -100;
    private const int AtEmptyPath = 0x1000;
    private const uint StatxBasicStats = 0x7FF;
    private const int StatxSize = 256;
    private const int StatxModeOffset = 28;
    private const int StatxSizeOffset = 40;
    private const int SFormat = 0xF000;
    private const int SRegular = 0x8000;
    private const int SDirectory = 0x4000;
    private const int SeekCurrent = 1;
    private const int FGetFd = 1;
    private const int FdCloexec = 1;

    /// <summary>Opens a file for reading, as <c>open(name, O_RDONLY)</c>.</summary>
    /// <returns>The descriptor, or -1 with <paramref name="errno"/> set.</returns>
    public static int OpenRead(byte[] name, out int errno)
    {
        byte[] path = NulTerminated(name);
        int fd;
        fixed (byte* p = path)
        {
            do
            {
                fd = open(p, 0);
                errno = fd < 0 ? Marshal.GetLastPInvokeError() : 0;
            }
            while (fd < 0 && errno == EINTR);
        }

        return fd;
    }

    /// <summary>Reads as <c>safe_read</c> does: retries on <c>EINTR</c>.</summary>
    /// <returns>The number of bytes read, 0 at the end, or -1 with <paramref name="errno"/> set.</returns>
    public static int Read(int fd, Span<byte> buffer, out int errno)
    {
        fixed (byte* p = buffer)
        {
            while (true)
            {
                nint count = read(fd, p, (nuint)buffer.Length);
                if (count >= 0)
                {
                    errno = 0;
                    return (int)count;
                }

                errno = Marshal.GetLastPInvokeError();
                if (errno != EINTR)
                    return -1;
            }
        }
    }

    /// <summary>Writes all of <paramref name="buffer"/>, retrying short writes and <c>EINTR</c>.</summary>
    /// <returns>0, or the <c>errno</c> of the failed write.</returns>
    public static int WriteAll(int fd, ReadOnlySpan<byte> buffer)
    {
        fixed (byte* start = buffer)
        {
            int done = 0;
            while (done < buffer.Length)
            {
                nint written = write(fd, start + done, (nuint)(buffer.Length - done));
                if (written < 0)
                {
                    int errno = Marshal.GetLastPInvokeError();
                    if (errno == EINTR)
                        continue;
                    return errno;
                }

                done += (int)written;
            }
        }

        return 0;
    }

    /// <summary>Closes a descriptor.</summary>
    /// <returns>0, or the <c>errno</c> of the failed <c>close</c>.</returns>
    public static int Close(int fd) => close(fd) == 0 ? 0 : Marshal.GetLastPInvokeError();

    /// <summary>Gets a standard descriptor as the process inherited it: the descriptor itself, or -1 when it was closed
    /// when the program started.</summary>
    /// <remarks>The .NET runtime opens files and pipes of its own before <c>Main</c> runs, and when 0, 1 or 2 was closed
    /// they land there (a read of descriptor 0 would then wait on the runtime's pipe forever). The runtime opens
    /// everything with close-on-exec; a descriptor inherited across <c>exec</c> cannot have that flag (it would have
    /// been closed), so a standard descriptor with the flag is the runtime's, and the program's own is closed. -1 makes
    /// every later call fail with <c>EBADF</c>, as it does for GNU <c>wc</c>.</remarks>
    public static int Inherited(int fd)
    {
        int flags = fcntl(fd, FGetFd);
        return flags < 0 || (flags & FdCloexec) != 0 ? -1 : fd;
    }

    /// <summary>Ends the process by <c>SIGPIPE</c>, as a write to a pipe nobody reads ends a C program.</summary>
    /// <remarks>The .NET runtime ignores <c>SIGPIPE</c> (a write then fails with <c>EPIPE</c>), so the default action is
    /// restored first.</remarks>
    public static void RaiseBrokenPipe()
    {
        signal(SigPipe, 0);
        raise(SigPipe);
    }

    /// <summary>Gets a descriptor's offset, as <c>lseek(fd, 0, SEEK_CUR)</c>.</summary>
    public static long CurrentOffset(int fd) => lseek(fd, 0, SeekCurrent);

    /// <summary>Gets a file's status as <c>stat</c> does, following symbolic links.</summary>
    public static FileStatus Stat(byte[] name)
    {
        byte[] path = NulTerminated(name);
        fixed (byte* p = path)
            return Statx(AtFdCwd, p, 0);
    }

    /// <summary>Gets an open descriptor's status as <c>fstat</c> does.</summary>
    public static FileStatus FStat(int fd)
    {
        byte empty = 0;
        return Statx(fd, &empty, AtEmptyPath);
    }

    /// <summary>Gets the C library's text for an error number, as <c>strerror</c>.</summary>
    public static string ErrorText(int errno)
    {
        byte* text = strerror(errno);
        return text is null ? "Unknown error " + errno : ByteText.FromNulTerminated(text);
    }

    private static FileStatus Statx(int dirFd, byte* path, int flags)
    {
        byte* buffer = stackalloc byte[StatxSize];
        if (statx(dirFd, path, flags, StatxBasicStats, buffer) != 0)
            return default;
        int mode = *(ushort*)(buffer + StatxModeOffset);
        long size = *(long*)(buffer + StatxSizeOffset);
        int format = mode & SFormat;
        return new FileStatus(true, format == SRegular, format == SRegular ? size : 0) { IsDirectory = format == SDirectory, RawSize = size };
    }

    private static byte[] NulTerminated(byte[] name)
    {
        var path = new byte[name.Length + 1];
        name.CopyTo(path, 0);
        return path;
    }

    [LibraryImport("libc", SetLastError = true)]
    private static partial int open(byte* path, int flags);

    [LibraryImport("libc", SetLastError = true)]
    private static partial nint read(int fd, byte* buffer, nuint count);

    [LibraryImport("libc", SetLastError = true)]
    private static partial nint write(int fd, byte* buffer, nuint count);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int close(int fd);

    [LibraryImport("libc", SetLastError = true)]
    private static partial long lseek(int fd, long offset, int whence);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int statx(int dirFd, byte* path, int flags, uint mask, byte* buffer);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int fcntl(int fd, int command);

    [LibraryImport("libc")]
    private static partial nint signal(int signal, nint handler);

    [LibraryImport("libc")]
    private static partial int raise(int signal);

    [LibraryImport("libc")]
    private static partial byte* strerror(int errno);
}
