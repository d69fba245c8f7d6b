using System.Text;

// TagLib#: load an image file as a picture to embed in a tag (`new Picture(path)`, which reads the whole file through
// ByteVector.FromStream); the output is the picture's bytes and MIME type.
public static class Operation
{
    public static byte[] Run(string input)
    {
        var picture = new TagLib.Picture(input);
        byte[] data = picture.Data.Data;
        byte[] mime = Encoding.UTF8.GetBytes(picture.MimeType);
        var output = new byte[data.Length + mime.Length];
        data.CopyTo(output, 0);
        mime.CopyTo(output, data.Length);
        return output;
    }
}
