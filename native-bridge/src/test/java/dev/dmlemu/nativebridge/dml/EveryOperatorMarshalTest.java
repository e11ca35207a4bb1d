package dev.dmlemu.nativebridge.dml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.jna.Pointer;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.nativebridge.blob.DescBlob;
import dev.dmlemu.nativebridge.blob.DescBlobWriter;
import dev.dmlemu.nativebridge.struct.DML_OPERATOR_DESC;
import dev.dmlemu.testkit.PopulatedDescs;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The JNA marshaller lays out every operator as the blob does (whose fields {@code EveryOperatorBlobTest} checks
 * against the header-measured offsets): native memory holds the blob's bytes, with every non-NULL pointer field the
 * address of its target and every NULL one zero.
 */
class EveryOperatorMarshalTest {

    @Test
    void everyOperatorIsTheBlobWithItsPointersRelocated() {
        for (OperatorType type : OperatorDescs.operators()) {
            OperatorDesc desc = PopulatedDescs.of(type);
            DescBlob blob = DescBlobWriter.write(desc);
            ByteBuffer image = ByteBuffer.wrap(blob.bytes()).order(ByteOrder.LITTLE_ENDIAN);
            try (NativeScope scope = new NativeScope()) {
                DML_OPERATOR_DESC root = DescMarshaller.marshal(desc, scope);
                Pointer base = root.getPointer();
                assertEquals(type.code(), root.Type, type.name());
                byte[] copied = base.getByteArray(0, blob.size());
                ByteBuffer expected = ByteBuffer.wrap(blob.bytes()).order(ByteOrder.LITTLE_ENDIAN);
                for (long at : blob.relocations()) {
                    long offset = image.getLong((int) at);
                    long address = Pointer.nativeValue(base.getPointer(at));
                    assertEquals(offset == 0 ? 0 : Pointer.nativeValue(base) + offset, address,
                            type.name() + " pointer at " + at);
                    // Compare the rest byte for byte: the pointer fields are checked above.
                    ByteBuffer.wrap(copied).order(ByteOrder.LITTLE_ENDIAN).putLong((int) at, 0);
                    expected.putLong((int) at, 0);
                }
                assertArrayEquals(expected.array(), copied, type.name() + " " + Arrays.toString(blob.relocations()));
            }
        }
    }
}
