#if UNITY_WEBGL && !UNITY_EDITOR
using System.Runtime.InteropServices;
#endif

namespace Collektive.Unity
{
    /// <summary>
    /// Messages from the WebGL player to its hosting page (CollektivePage.jslib): finished timing CSVs and status
    /// lines, delivered as <c>window</c> events <c>collektive-unity-csv</c> / <c>collektive-unity-status</c> and to
    /// <c>window.collektiveUnity.onCsv/onStatus</c> when the page defines them. No-ops off WebGL.
    /// </summary>
    public static class PageBridge
    {
#if UNITY_WEBGL && !UNITY_EDITOR
        [DllImport("__Internal")] private static extern void CollektivePage_Publish(string name, string text);
        [DllImport("__Internal")] private static extern void CollektivePage_Status(string text);
#endif

        /// <summary>Hands a finished CSV (file name + content) to the page.</summary>
        public static void PublishCsv(string name, string csv)
        {
#if UNITY_WEBGL && !UNITY_EDITOR
            CollektivePage_Publish(name, csv);
#endif
        }

        /// <summary>Tells the page what the simulation is doing (engine, frames, errors).</summary>
        public static void Status(string text)
        {
#if UNITY_WEBGL && !UNITY_EDITOR
            CollektivePage_Status(text);
#endif
        }
    }
}
