using System.IO;
using System.Text;
using Newtonsoft.Json;

// Newtonsoft.Json: read a JSON document token by token with JsonTextReader and take each token's Path (as error
// messages and JSON-path tooling do; JsonPosition.WriteTo checks every property name of the path for characters that
// need quoting); the output is every token's type, path and value, a line per token.
public static class Operation
{
    public static byte[] Run(string input)
    {
        var text = new StringBuilder();
        using (var file = File.OpenText(input))
        using (var reader = new JsonTextReader(file))
        {
            while (reader.Read())
                text.Append(reader.TokenType).Append(' ').Append(reader.Path).Append(' ').Append(reader.Value).Append('\n');
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }
}
