# Point 7: the rules stay quiet in a test project, so a fix never rewrites a test's oracle; one switch turns them on.
test_refs="<ItemGroup><PackageReference Include=\"Microsoft.NET.Test.Sdk\" Version=\"18.11.0\" /><PackageReference Include=\"xunit\" Version=\"2.9.3\" /><PackageReference Include=\"xunit.runner.visualstudio\" Version=\"3.1.5\" PrivateAssets=\"all\" /></ItemGroup>"
oracle_test='using System.IO;
using Xunit;

public class LinesTests
{
    [Fact]
    public void CountsEveryLine()
    {
        string path = Path.GetTempFileName();
        File.WriteAllText(path, "one\ntwo\nthree");
        Assert.Equal(File.ReadAllLines(path).Length, 3);
    }
}'
project Tests net10.0 Library "$streamline_ref $test_refs"
echo "$oracle_test" > "$users/Tests/LinesTests.cs"
project TestsOptIn net10.0 Library "<PropertyGroup><StreamlineAnalyzeTestProjects>true</StreamlineAnalyzeTestProjects></PropertyGroup> $streamline_ref $test_refs"
echo "$oracle_test" > "$users/TestsOptIn/LinesTests.cs"
for p in Tests TestsOptIn; do dotnet restore "$users/$p" --nologo -v quiet; done
dotnet build "$users/Tests" --no-restore --nologo > "$work/tests-build.txt" 2>&1 || check "07: the test project does not build: $(grep -m3 error "$work/tests-build.txt")"
! grep -q "warning SL1" "$work/tests-build.txt" || check "07: a rule reported in a test project: $(grep -m1 'warning SL1' "$work/tests-build.txt")"
dotnet format analyzers "$users/Tests" --diagnostics SL1001 SL1002 SL1003 SL1004 SL1005 SL1006 SL1007 SL1101 SL1102 SL1106 SL1107 --severity info --no-restore > /dev/null 2>&1 || true
grep -q "File.ReadAllLines(path).Length" "$users/Tests/LinesTests.cs" || check "07: dotnet format rewrote the test's oracle: $(grep -m1 Assert.Equal "$users/Tests/LinesTests.cs")"
dotnet build "$users/TestsOptIn" --no-restore --nologo > "$work/tests-optin.txt" 2>&1 || true
grep -q "warning SL1003" "$work/tests-optin.txt" || check "07: StreamlineAnalyzeTestProjects=true did not turn SL1003 on in the test project"
# A switch value that is neither true nor false is SL0001's, not silently off.
project TestsTypo net10.0 Library "<PropertyGroup><StreamlineAnalyzeTestProjects>yes</StreamlineAnalyzeTestProjects></PropertyGroup> $streamline_ref $test_refs"
echo "$oracle_test" > "$users/TestsTypo/LinesTests.cs"
dotnet restore "$users/TestsTypo" --nologo -v quiet
dotnet build "$users/TestsTypo" --no-restore --nologo > "$work/tests-typo.txt" 2>&1 || true
grep -q "warning SL0001: 'StreamlineAnalyzeTestProjects = yes'" "$work/tests-typo.txt" || check "07: StreamlineAnalyzeTestProjects=yes was not reported as SL0001"
