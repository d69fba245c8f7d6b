namespace Streamline.Runtime.Tests;

public class SmokeTests
{
    [Fact]
    public void RuntimeAssembly_Loads()
    {
        Assert.Equal("Streamline.Runtime", typeof(Streamline.Runtime.LineCounter).Assembly.GetName().Name);
    }
}
