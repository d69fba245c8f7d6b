using System;
using System.IO;
using System.Reflection;

namespace Streamline.Runtime.Tests;

/// <summary>
/// Every build of the runtime carries the committed key's public half, so strong-named projects reference it without
/// CS8002; the token is part of the assembly's identity for every consumer and must never change.
/// </summary>
public class StrongNameTests
{
    private const string PublicKeyToken = "8c3f0f593c51da18";

    [Theory]
    [InlineData("")]
    [InlineData("runtime-netstandard2.0")]
    [InlineData("runtime-netstandard2.1")]
    public void EveryBuild_IsStrongNamedWithTheCommittedKey(string folder)
    {
        AssemblyName name = AssemblyName.GetAssemblyName(Path.Combine(AppContext.BaseDirectory, folder, "Streamline.Runtime.dll"));
        Assert.Equal(PublicKeyToken, Convert.ToHexStringLower(name.GetPublicKeyToken() ?? Array.Empty<byte>()));
    }
}
