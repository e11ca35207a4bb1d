package dev.dmlemu.nativebridge.com;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.jna.Memory;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GuidTest {

    /** docs/directml-behaviour.md §4.2, typed in. */
    private static Map<String, Guid> reference() {
        Map<String, Guid> table = new LinkedHashMap<>();
        table.put("6dbd6437-96fd-423f-a98c-ae5e7c2a573f", Iids.IDML_DEVICE);
        table.put("a0884f9a-d2be-4355-aa5d-5901281ad1d2", Iids.IDML_DEVICE1);
        table.put("26caae7a-3081-4633-9581-226fbe57695d", Iids.IDML_OPERATOR);
        table.put("dcb821a8-1039-441e-9f1c-b1759c2f3cec", Iids.IDML_DISPATCHABLE);
        table.put("6b15e56a-bf5c-4902-92d8-da3a650afea4", Iids.IDML_COMPILED_OPERATOR);
        table.put("427c1113-435c-469c-8676-4d5dd072f813", Iids.IDML_OPERATOR_INITIALIZER);
        table.put("29c687dc-de74-4e3b-ab00-1168f2fc3cfc", Iids.IDML_BINDING_TABLE);
        table.put("e6857a76-2e3e-4fdd-bff4-5d2ba10fb453", Iids.IDML_COMMAND_RECORDER);
        table.put("7d6f3ac9-394a-4ac3-92a7-390cc57a8217", Iids.IDML_DEBUG_DEVICE);
        table.put("189819f1-1db6-4b57-be54-1821339b85f7", Iids.ID3D12_DEVICE);
        table.put("0ec870a6-5d7e-4c22-8cfc-5baae07616ed", Iids.ID3D12_COMMAND_QUEUE);
        table.put("6102dee4-af59-4b09-b999-b44d73f09b24", Iids.ID3D12_COMMAND_ALLOCATOR);
        table.put("5b160d0f-ac1b-4185-8ba8-b3ae42a5a455", Iids.ID3D12_GRAPHICS_COMMAND_LIST);
        table.put("8efb471d-616c-4f49-90f7-127bb763fa51", Iids.ID3D12_DESCRIPTOR_HEAP);
        table.put("696442be-a72e-4059-bc79-5b5c98040fad", Iids.ID3D12_RESOURCE);
        table.put("0a753dcf-c4d8-4b91-adf6-be5a60d95a76", Iids.ID3D12_FENCE);
        table.put("344488b7-6846-474b-b989-f027448245e0", Iids.ID3D12_DEBUG);
        table.put("770aae78-f26f-4dba-a829-253c83d1b387", Iids.IDXGI_FACTORY1);
        table.put("1bc6ea02-ef36-464f-bf0c-21ca39e5168a", Iids.IDXGI_FACTORY4);
        table.put("29038f61-3839-4626-91fd-086879011a05", Iids.IDXGI_ADAPTER1);
        return table;
    }

    @Test
    void everyIidMatchesTheReferenceTable() {
        reference().forEach((text, iid) -> assertEquals(text, iid.toString()));
    }

    @Test
    void theNativeLayoutIsLittleEndianData1To3ThenData4AsWritten() {
        // IDMLDevice = {0x6dbd6437, 0x96fd, 0x423f, {0xa9, 0x8c, 0xae, 0x5e, 0x7c, 0x2a, 0x57, 0x3f}}
        byte[] expected = {0x37, 0x64, (byte) 0xbd, 0x6d, (byte) 0xfd, (byte) 0x96, 0x3f, 0x42,
                (byte) 0xa9, (byte) 0x8c, (byte) 0xae, 0x5e, 0x7c, 0x2a, 0x57, 0x3f};
        assertArrayEquals(expected, Iids.IDML_DEVICE.toBytes());
        Memory memory = Iids.IDML_DEVICE.toNative();
        assertArrayEquals(expected, memory.getByteArray(0, 16));
        assertEquals(0x6dbd6437, memory.getInt(0), "Data1 read as a native u32");
    }

    @Test
    void bytesRoundTrip() {
        for (Guid iid : reference().values()) {
            assertEquals(iid, Guid.fromBytes(iid.toBytes()));
        }
    }

    @Test
    void bracesAndUpperCaseAreAccepted() {
        assertEquals(Iids.IDML_DEVICE, Guid.of("{6DBD6437-96FD-423F-A98C-AE5E7C2A573F}"));
    }

    @Test
    void malformedTextIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Guid.of("6dbd6437-96fd"));
        assertEquals("not a GUID (want xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx): 6dbd6437-96fd", e.getMessage());
    }
}
