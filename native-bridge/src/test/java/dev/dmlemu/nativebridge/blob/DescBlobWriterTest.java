package dev.dmlemu.nativebridge.blob;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DescBlobWriterTest {

    // The DirectML docs example: Input FLOAT32 {1,1,3,3}, Indices UINT32 {1,1,2,3}, Output FLOAT32 {1,1,2,3}, Axis 2.
    private static final GatherElementsOperatorDesc DOCS_EXAMPLE = new GatherElementsOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
            BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2);

    /**
     * Written by hand from DirectML.h's x64 layouts: DML_OPERATOR_DESC {Type=107, Desc}, the GatherElements struct
     * {3 pointers, UINT Axis, 4 bytes of tail padding}, then per tensor DML_TENSOR_DESC {Type=1 BUFFER, Desc},
     * DML_BUFFER_TENSOR_DESC {DataType, Flags, DimensionCount, pad, Sizes, Strides=NULL, UINT64 Total, Alignment, pad}
     * and its Sizes; pointers are blob offsets.
     */
    private static final String DOCS_EXAMPLE_HEX = String.join("",
            // 0x000 DML_OPERATOR_DESC: Type 107, Desc -> 0x10
            "6b000000 00000000 10000000 00000000",
            // 0x010 GATHER_ELEMENTS: Input -> 0x30, Indices -> 0x80
            "30000000 00000000 80000000 00000000",
            // 0x020 Output -> 0xd0, Axis 2, padding
            "d0000000 00000000 02000000 00000000",
            // 0x030 InputTensor: BUFFER, Desc -> 0x40
            "01000000 00000000 40000000 00000000",
            // 0x040 FLOAT32, NONE, DimensionCount 4, pad; Sizes -> 0x70
            "01000000 00000000 04000000 00000000 70000000 00000000",
            // 0x058 Strides NULL, Total 36, Alignment 0 + pad
            "00000000 00000000 24000000 00000000 00000000 00000000",
            // 0x070 Sizes 1 1 3 3
            "01000000 01000000 03000000 03000000",
            // 0x080 IndicesTensor: BUFFER, Desc -> 0x90
            "01000000 00000000 90000000 00000000",
            // 0x090 UINT32, NONE, 4, pad; Sizes -> 0xc0; Strides NULL; Total 24; Alignment 0
            "03000000 00000000 04000000 00000000 c0000000 00000000",
            "00000000 00000000 18000000 00000000 00000000 00000000",
            // 0x0c0 Sizes 1 1 2 3
            "01000000 01000000 02000000 03000000",
            // 0x0d0 OutputTensor: BUFFER, Desc -> 0xe0
            "01000000 00000000 e0000000 00000000",
            // 0x0e0 FLOAT32, NONE, 4, pad; Sizes -> 0x110; Strides NULL; Total 24; Alignment 0
            "01000000 00000000 04000000 00000000 10010000 00000000",
            "00000000 00000000 18000000 00000000 00000000 00000000",
            // 0x110 Sizes 1 1 2 3
            "01000000 01000000 02000000 03000000").replace(" ", "");

    @Test
    void docsExampleMatchesTheHandWrittenImage() {
        DescBlob blob = DescBlobWriter.write(DOCS_EXAMPLE);
        assertEquals(HexFormat.of().formatHex(HexFormat.of().parseHex(DOCS_EXAMPLE_HEX)),
                HexFormat.of().formatHex(blob.bytes()));
        assertEquals(288, blob.size());
    }

    @Test
    void relocationsAreEveryPointerFieldNullOnesIncluded() {
        DescBlob blob = DescBlobWriter.write(DOCS_EXAMPLE);
        // root.Desc; three tensor pointers; per tensor: Desc, Sizes, Strides.
        assertArrayEquals(new long[] {8, 16, 24, 32, 56, 80, 88, 136, 160, 168, 216, 240, 248}, blob.relocations());
    }

    @Test
    void stridesAreWrittenAfterSizes() {
        GatherElementsOperatorDesc strided = new GatherElementsOperatorDesc(
                BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(3L), List.of(2L)),
                BufferTensorDesc.packed(TensorDataType.UINT32, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 3), 0);
        DescBlob blob = DescBlobWriter.write(strided);
        byte[] bytes = blob.bytes();
        // Input buffer desc at 0x40 (as above): Sizes -> 0x70 (1 entry, padded to 8), Strides -> 0x78.
        assertEquals(0x70, bytes[0x40 + 16]);
        assertEquals(0x78, bytes[0x40 + 24]);
        assertEquals(3, bytes[0x70]);
        assertEquals(2, bytes[0x78]);
        assertTrue(contains(blob.relocations(), 0x40 + 24));
    }

    @Test
    void refusesADimensionCountLargerThanTheSizesGiven() {
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                DOCS_EXAMPLE.inputTensor(), DOCS_EXAMPLE.indicesTensor(),
                ((BufferTensorDesc) DOCS_EXAMPLE.outputTensor()).withDimensionCount(5), 2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DescBlobWriter.write(desc));
        assertEquals("OutputTensor.Sizes has 4 entries but DimensionCount is 5: DirectML would read past the array",
                e.getMessage());
    }

    @Test
    void refusesAUintOutOfRange() {
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(DOCS_EXAMPLE.inputTensor(),
                DOCS_EXAMPLE.indicesTensor(), DOCS_EXAMPLE.outputTensor(), 1L << 32);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DescBlobWriter.write(desc));
        assertTrue(e.getMessage().startsWith("GatherElementsOperatorDesc.Axis = 4294967296 is outside UINT range"),
                e.getMessage());
    }

    @Test
    void emptySizesAreNull() {
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                ((BufferTensorDesc) DOCS_EXAMPLE.inputTensor()).withDimensionCount(0).withSizes(List.of())
                        .withStrides(Optional.empty()),
                DOCS_EXAMPLE.indicesTensor(), DOCS_EXAMPLE.outputTensor(), 2);
        byte[] bytes = DescBlobWriter.write(desc).bytes();
        for (int i = 0; i < 8; i++) {
            assertEquals(0, bytes[0x40 + 16 + i]);
        }
    }

    private static boolean contains(long[] values, long value) {
        for (long v : values) {
            if (v == value) {
                return true;
            }
        }
        return false;
    }
}
