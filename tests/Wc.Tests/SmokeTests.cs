namespace Streamline.Wc.Tests;

public class SmokeTests
{
    [Fact]
    public void Sample_Runs() => Assert.Equal(0, Streamline.Samples.Wc.Program.Main());
}
