using System;
using System.Runtime.InteropServices;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// P/Invoke declarations of <c>libsimple_gradient.so</c> (collektive-native; cdecl). The reference study's
    /// symbols and signatures (docs/reference-study.md) plus this project's extensions (batched positions, error query, no-op,
    /// timing CSV control, the scenarios' layouts). Unsafe by nature: use <see cref="NativeEngine"/>; raw pointers never leave this file
    /// and <see cref="NativeEngine"/>.
    /// </summary>
    internal static class NativeApi
    {
        /// <summary>Library name as DllImport resolves it: libsimple_gradient.so (Unity: Assets/Plugins/Linux/).</summary>
        public const string Lib = "simple_gradient";

        [DllImport(Lib, EntryPoint = "create_with_distance", CallingConvention = CallingConvention.Cdecl)]
        public static extern int Create(int nodeCount, double maxDistance);

        /// <summary>
        /// Creates a simulation running the program <paramref name="specUtf8z"/> (NUL-terminated UTF-8 spec,
        /// docs/programs.md); -1 with SG_INVALID_ARGUMENT and <see cref="LastErrorMessage"/> on a bad spec.
        /// </summary>
        [DllImport(Lib, EntryPoint = "create_with_program_spec", CallingConvention = CallingConvention.Cdecl)]
        public static extern int CreateWithProgramSpec(int nodeCount, double maxDistance, byte[] specUtf8z);

        [DllImport(Lib, EntryPoint = "destroy_with_distance", CallingConvention = CallingConvention.Cdecl)]
        public static extern void Destroy(int handle);

        [DllImport(Lib, EntryPoint = "set_source_with_distance", CallingConvention = CallingConvention.Cdecl)]
        public static extern void SetSource(int handle, int node, [MarshalAs(UnmanagedType.I1)] bool isSource);

        [DllImport(Lib, EntryPoint = "clear_sources_with_distance", CallingConvention = CallingConvention.Cdecl)]
        public static extern void ClearSources(int handle);

        [DllImport(Lib, EntryPoint = "update_position", CallingConvention = CallingConvention.Cdecl)]
        public static extern void UpdatePosition(int handle, int node, double x, double y, double z);

        /// <summary>Batched positions: <paramref name="xyz"/> holds x0 y0 z0 x1 ... for <paramref name="n"/> devices.</summary>
        [DllImport(Lib, EntryPoint = "update_positions", CallingConvention = CallingConvention.Cdecl)]
        public static extern int UpdatePositions(int handle, double[] xyz, int n);

        [DllImport(Lib, EntryPoint = "step_with_distance", CallingConvention = CallingConvention.Cdecl)]
        public static extern void Step(int handle, int rounds);

        [DllImport(Lib, EntryPoint = "get_value_with_distance", CallingConvention = CallingConvention.Cdecl)]
        public static extern double GetValue(int handle, int node);

        [DllImport(Lib, EntryPoint = "step_and_get_state_with_distance", CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr StepAndGetState(int handle, int rounds, out int outSize);

        [DllImport(Lib, EntryPoint = "free_state_buffer", CallingConvention = CallingConvention.Cdecl)]
        public static extern void FreeStateBuffer(IntPtr buffer);

        [DllImport(Lib, EntryPoint = "noop", CallingConvention = CallingConvention.Cdecl)]
        public static extern void Noop();

        /// <summary>
        /// The engine's layout of a scenario (<paramref name="scenario"/> 0: reference, 1: random) into
        /// <paramref name="xyz"/> (x0 y0 z0 x1 ..., <paramref name="capacity"/> doubles); 0, or -1 with
        /// <see cref="LastError"/> and <see cref="LastErrorMessage"/> (the array untouched).
        /// </summary>
        [DllImport(Lib, EntryPoint = "scenario_positions", CallingConvention = CallingConvention.Cdecl)]
        public static extern int ScenarioPositions(int scenario, int nodeCount, long seed, double meanDegree, double maxDistance,
            [Out] double[] xyz, int capacity);

        /// <summary>Last error code of the calling thread (0 = none).</summary>
        [DllImport(Lib, EntryPoint = "last_error_code", CallingConvention = CallingConvention.Cdecl)]
        public static extern int LastError();

        /// <summary>Message of the calling thread's last failed call (NUL-terminated UTF-8, owned by the library; NULL after a success).</summary>
        [DllImport(Lib, EntryPoint = "last_error", CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr LastErrorMessage();

        /// <summary>Flushes pending samples, then records back-end timings to this path (NUL-terminated UTF-8; null stops recording); 0 on success.</summary>
        [DllImport(Lib, EntryPoint = "set_timing_csv_path", CallingConvention = CallingConvention.Cdecl)]
        public static extern int SetTimingCsvPath(byte[] pathUtf8);

        /// <summary>Appends pending back-end samples to the timing CSV; 0 on success.</summary>
        [DllImport(Lib, EntryPoint = "flush_timings", CallingConvention = CallingConvention.Cdecl)]
        public static extern int FlushTimings();

        /// <summary>UTF-8, NUL-terminated bytes of <paramref name="s"/>.</summary>
        public static byte[] Utf8z(string s)
        {
            var b = System.Text.Encoding.UTF8.GetBytes(s);
            Array.Resize(ref b, b.Length + 1);
            return b;
        }
    }
}
