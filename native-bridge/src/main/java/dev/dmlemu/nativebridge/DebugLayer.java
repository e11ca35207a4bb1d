package dev.dmlemu.nativebridge;

/**
 * Whether DirectML's debug layer checks every call ({@code DML_CREATE_DEVICE_FLAG_DEBUG}). It needs
 * DirectML.Debug.dll next to DirectML.dll; when it is missing the backend says so.
 */
public enum DebugLayer {
    OFF,
    ON
}
