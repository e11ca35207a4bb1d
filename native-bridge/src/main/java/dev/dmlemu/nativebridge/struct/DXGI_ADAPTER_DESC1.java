package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code DXGI_ADAPTER_DESC1}: {@code WCHAR Description[128]} @0, VendorId @256, DeviceId @260, SubSysId @264,
 * Revision @268, three {@code SIZE_T} memory sizes @272/280/288, {@code LUID AdapterLuid} @296 (LowPart, HighPart),
 * Flags @304; 312 bytes (mingw-w64 {@code dxgi.h}, compiled for x64). {@code WCHAR} is UTF-16 on Windows, so the
 * description is held as 16-bit units rather than JNA's platform-sized {@code wchar_t}.
 */
@FieldOrder({"Description", "VendorId", "DeviceId", "SubSysId", "Revision", "DedicatedVideoMemory",
        "DedicatedSystemMemory", "SharedSystemMemory", "AdapterLuidLowPart", "AdapterLuidHighPart", "Flags"})
public class DXGI_ADAPTER_DESC1 extends WindowsStructure {
    /** {@code DXGI_ADAPTER_FLAG_SOFTWARE}: the adapter is WARP ("Microsoft Basic Render Driver"). */
    public static final int DXGI_ADAPTER_FLAG_SOFTWARE = 2;

    public short[] Description = new short[128];
    public int VendorId;
    public int DeviceId;
    public int SubSysId;
    public int Revision;
    public long DedicatedVideoMemory;
    public long DedicatedSystemMemory;
    public long SharedSystemMemory;
    public int AdapterLuidLowPart;
    public int AdapterLuidHighPart;
    public int Flags;

    public DXGI_ADAPTER_DESC1() {
    }

    public DXGI_ADAPTER_DESC1(Pointer memory) {
        super(memory);
        read();
    }

    /** The NUL-terminated UTF-16 description as a Java string. */
    public String description() {
        StringBuilder text = new StringBuilder();
        for (short unit : Description) {
            if (unit == 0) {
                break;
            }
            text.append((char) unit);
        }
        return text.toString();
    }
}
