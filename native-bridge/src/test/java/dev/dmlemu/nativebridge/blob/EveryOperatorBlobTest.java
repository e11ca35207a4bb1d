package dev.dmlemu.nativebridge.blob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.DmlEnum;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.Size2d;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.testkit.PopulatedDescs;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * For every operator of DirectML.h, a desc with every field set ({@link PopulatedDescs}) is written to a blob, and
 * each field is read back from the offset the real header gives it (the measured layout in descriptors' test
 * resources, docs/architecture.md "The operator schema"), pointers followed by this test's own small reader.
 */
class EveryOperatorBlobTest {

    private static final Path MEASURED = Path.of("..", "descriptors", "src", "test", "resources", "dev", "dmlemu",
            "desc", "schema", "directml-header-x64.txt");

    /** Operator name → struct name, and struct name → field → offset, as measured. */
    private final Map<String, String> structs = new HashMap<>();
    private final Map<String, Map<String, Integer>> offsets = new HashMap<>();

    private ByteBuffer image;
    private Set<Long> relocations;

    @Test
    void everyFieldOfEveryOperatorLandsAtTheHeadersOffset() throws IOException {
        readMeasuredLayout();
        int checked = 0;
        for (OperatorType type : OperatorDescs.operators()) {
            OperatorDesc desc = PopulatedDescs.of(type);
            DescBlob blob = DescBlobWriter.write(desc);
            image = ByteBuffer.wrap(blob.bytes()).order(ByteOrder.LITTLE_ENDIAN);
            relocations = Arrays.stream(blob.relocations()).boxed().collect(Collectors.toSet());
            checked += checkOperatorDesc(0, desc);
        }
        assertEquals(177, OperatorDescs.operators().size());
        assertTrue(checked > 177 * 3, "fields checked: " + checked);
    }

    private void readMeasuredLayout() throws IOException {
        assertTrue(Files.isRegularFile(MEASURED), "the measured header layout is at " + MEASURED.toAbsolutePath());
        String operator = null;
        for (String line : Files.readAllLines(MEASURED)) {
            String[] words = line.split(" ");
            switch (words[0]) {
                case "operator" -> operator = words[1];
                case "struct" -> structs.put(operator, words[1]);
                case "field" -> offsets.computeIfAbsent(words[1], s -> new HashMap<>())
                        .put(words[2], Integer.parseInt(words[4]));
                default -> { }
            }
        }
    }

    /** Checks the {@code DML_OPERATOR_DESC} at {@code at} and its struct; returns the number of fields checked. */
    private int checkOperatorDesc(long at, OperatorDesc desc) {
        String name = desc.operatorType().name();
        assertEquals(desc.operatorType().code(), image.getInt((int) at), name + " Type");
        long struct = pointer(at + 8, name + " Desc");
        assertNotEquals(0, struct, name + " Desc");
        OperatorSchema schema = OperatorDescs.schemaOf(desc);
        Map<String, Integer> measured = offsets.get(structs.get(name));
        int checked = 0;
        for (DescField field : schema.fields()) {
            Integer offset = measured.get(field.cName());
            assertTrue(offset != null, name + "." + field.cName() + " is measured");
            checkField(struct + offset, field, field.valueIn(desc), name + "." + field.cName());
            checked++;
        }
        return checked;
    }

    @SuppressWarnings("unchecked")
    private void checkField(long at, DescField field, Object value, String path) {
        int i = Math.toIntExact(at);
        switch (field.type()) {
            case TENSOR, OPTIONAL_TENSOR -> {
                long target = pointer(at, path);
                if (((TensorDesc) value).isNull()) {
                    assertEquals(0, target, path);
                } else {
                    checkTensor(target, (TensorDesc) value, path);
                }
            }
            case TENSOR_ARRAY -> {
                List<TensorDesc> tensors = (List<TensorDesc>) value;
                long array = pointer(at, path);
                for (int k = 0; k < tensors.size(); k++) {
                    checkTensor(array + 16L * k, tensors.get(k), path + "[" + k + "]");
                }
            }
            case UINT -> assertEquals((long) (Long) value, image.getInt(i) & 0xFFFF_FFFFL, path);
            case INT -> assertEquals((int) (Integer) value, image.getInt(i), path);
            case FLOAT -> assertEquals(Float.floatToRawIntBits((Float) value), image.getInt(i), path);
            case BOOL -> assertEquals((Boolean) value ? 1 : 0, image.getInt(i), path);
            case ENUM -> assertEquals(((DmlEnum) value).code(), image.getInt(i), path);
            case UINT_ARRAY -> {
                long array = pointer(at, path);
                List<Long> values = (List<Long>) value;
                for (int k = 0; k < values.size(); k++) {
                    assertEquals((long) values.get(k), image.getInt((int) (array + 4L * k)) & 0xFFFF_FFFFL, path);
                }
            }
            case INT_ARRAY -> {
                long array = pointer(at, path);
                List<Integer> values = (List<Integer>) value;
                for (int k = 0; k < values.size(); k++) {
                    assertEquals((int) values.get(k), image.getInt((int) (array + 4L * k)), path);
                }
            }
            case FLOAT_ARRAY -> {
                long array = pointer(at, path);
                List<Float> values = (List<Float>) value;
                for (int k = 0; k < values.size(); k++) {
                    assertEquals(Float.floatToRawIntBits(values.get(k)), image.getInt((int) (array + 4L * k)), path);
                }
            }
            case SCALE_BIAS -> {
                ScaleBias scaleBias = ((Optional<ScaleBias>) value).orElseThrow();
                long target = pointer(at, path);
                assertEquals(scaleBias.scale(), image.getFloat((int) target), path + ".Scale");
                assertEquals(scaleBias.bias(), image.getFloat((int) target + 4), path + ".Bias");
            }
            case SIZE_2D -> {
                Size2d size = (Size2d) value;
                assertEquals(size.width(), image.getInt(i), path + ".Width");
                assertEquals(size.height(), image.getInt(i + 4), path + ".Height");
            }
            case SCALAR -> assertEquals(((ScalarUnion) value).bits(), image.getLong(i), path);
            case FUSED_ACTIVATION -> checkOperatorDesc(pointer(at, path), ((Optional<OperatorDesc>) value)
                    .orElseThrow());
            case OPERATOR_DESC_ARRAY -> {
                List<OperatorDesc> descs = (List<OperatorDesc>) value;
                long array = pointer(at, path);
                for (int k = 0; k < descs.size(); k++) {
                    checkOperatorDesc(array + 16L * k, descs.get(k));
                }
            }
        }
    }

    private void checkTensor(long at, TensorDesc tensor, String path) {
        BufferTensorDesc buffer = (BufferTensorDesc) tensor;
        assertEquals(1, image.getInt((int) at), path + " Type (BUFFER)");
        long desc = pointer(at + 8, path + ".Desc");
        assertEquals(buffer.dataType().code(), image.getInt((int) desc), path + ".DataType");
        assertEquals(buffer.dimensionCount(), image.getInt((int) desc + 8), path + ".DimensionCount");
        long sizes = pointer(desc + 16, path + ".Sizes");
        for (int k = 0; k < buffer.sizes().size(); k++) {
            assertEquals((long) buffer.sizes().get(k), image.getInt((int) (sizes + 4L * k)), path + ".Sizes");
        }
        assertEquals(buffer.totalTensorSizeInBytes(), image.getLong((int) desc + 32), path + ".Total");
    }

    /** The pointer field at {@code at}, which must be listed as a relocation. */
    private long pointer(long at, String path) {
        assertEquals(0, at % 8, path + " is 8-aligned");
        assertTrue(relocations.contains(at), path + " is a relocation");
        return image.getLong((int) at);
    }
}
