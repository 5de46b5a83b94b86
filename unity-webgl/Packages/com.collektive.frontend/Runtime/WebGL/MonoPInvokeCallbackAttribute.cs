using System;

namespace Collektive.Frontend.WebGL
{
    /// <summary>
    /// Marks a static method that JavaScript calls back through a function pointer (the .jslib's
    /// <c>{{{ makeDynCall(...) }}}</c>). IL2CPP emits a reverse P/Invoke wrapper for methods carrying an attribute
    /// with this name (it matches by name, as Mono's AOT does), so the package needs no UnityEngine reference for it
    /// (UnityEngine's own is <c>AOT.MonoPInvokeCallbackAttribute</c>).
    /// </summary>
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        /// <summary>The delegate type the method is called as.</summary>
        public Type DelegateType { get; private set; }

        /// <summary>Creates the attribute for a callback of <paramref name="delegateType"/>.</summary>
        public MonoPInvokeCallbackAttribute(Type delegateType) { DelegateType = delegateType; }
    }
}
