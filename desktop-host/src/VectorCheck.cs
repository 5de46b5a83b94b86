namespace Collektive.DesktopHost
{
    internal static class VectorCheck
    {
        public static int Run(Options o) { throw new System.NotImplementedException("verify: pending the test-vector format"); }
    }
}
