using System;

namespace Collektive.Unity.EditorBench
{
    /// <summary>
    /// Runs the Unity batch-mode entry point <c>BenchmarkRunner.RunDesktop</c> under Mono, with the UnityEngine /
    /// UnityEditor stub in place of Unity (Application.dataPath and unityVersion from UNITY_STUB_* variables,
    /// EditorApplication.Exit = process exit): the same code path as
    /// <c>Unity -batchmode -executeMethod Collektive.Unity.Editor.BenchmarkRunner.RunDesktop -collektivePlan …</c>
    /// (what <c>npm run bench:unity</c> runs), minus the Editor itself.
    /// </summary>
    internal static class Program
    {
        private static int Main()
        {
            Collektive.Unity.Editor.BenchmarkRunner.RunDesktop();
            Console.Error.WriteLine("RunDesktop returned without EditorApplication.Exit");
            return 3;
        }
    }
}
