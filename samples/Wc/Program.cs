namespace Streamline.Samples.Wc;

public static class Program
{
    public static int Main() => 0;
}
