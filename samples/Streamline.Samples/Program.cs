System.Console.WriteLine("Streamline samples");
