using System.Runtime.CompilerServices;

[assembly: InternalsVisibleTo("Collektive.Frontend.Tests")]
