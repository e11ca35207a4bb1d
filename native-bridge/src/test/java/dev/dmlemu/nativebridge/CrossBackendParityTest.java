package dev.dmlemu.nativebridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.ExecutionBackend;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.IndexSemantics;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Seeded random GatherElements cases through the real DirectML, compared byte for byte (gather moves bits) with
 * (1) a deliberately naive reference written here and (2) the emulator. Cases use every data type the device
 * reports as supported (others are counted and the reason printed), ranks 1–6, every axis, every index type, negative indices for signed types. Floating-point inputs are
 * ordinary finite values: whether a GPU keeps NaN payloads and subnormals through a gather is not what this
 * checks. Windows only.
 */
@Tag("directml")
@ExtendWith(PrintSkipReason.class)
class CrossBackendParityTest {

    private static final String NEEDS_WINDOWS = "DirectML needs Windows (x64/arm64)";
    private static final long SEED = 0x5EED_0006L;
    private static final int CASES = 60;

    private static final List<TensorDataType> DATA_TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT16,
            TensorDataType.FLOAT64, TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.INT16,
            TensorDataType.UINT16, TensorDataType.INT32, TensorDataType.UINT32, TensorDataType.INT64,
            TensorDataType.UINT64);
    private static final List<TensorDataType> INDEX_TYPES = List.of(TensorDataType.UINT32, TensorDataType.INT32,
            TensorDataType.UINT64, TensorDataType.INT64);

    record Case(String name, ValidatedOperator operator, ByteBuffer input, ByteBuffer indices, int outputBytes) {
    }

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void directMlMatchesANaiveReferenceBitForBit() {
        try (DirectMlBackend directMl = WindowsBackends.openOrSkip(DirectMlOptions.defaults())) {
            List<Case> cases = casesFor(directMl);
            for (Case c : cases) {
                byte[] expected = naiveGatherElements(c);
                assertArrayEquals(expected, run(directMl, c), c.name());
            }
            System.out.println("parity (naive reference): " + cases.size() + " cases identical");
        }
    }

    /** The same bad bindings get the same verdict, word for word, from both backends' pre-dispatch check. */
    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void bothBackendsRefuseTheSameBindingsAlike() {
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3)
                .withGuaranteedBaseOffsetAlignment(16);
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3);
        ValidatedOperator operator = TestOperators.validated(new GatherElementsOperatorDesc(input, indices, output, 2),
                FeatureLevel.LEVEL_3_0, IndexSemantics.UNSIGNED);
        ByteBuffer data = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer index = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        List<Bindings> bad = List.of(
                Bindings.of(new BufferBinding(data, 0, 32), BufferBinding.of(index), BufferBinding.of(
                        ByteBuffer.allocate(24))),
                Bindings.of(new BufferBinding(data, 4, 40), BufferBinding.of(index), BufferBinding.of(
                        ByteBuffer.allocate(24))),
                Bindings.of(BufferBinding.of(data), BufferBinding.of(index), BufferBinding.of(
                        ByteBuffer.allocate(24).asReadOnlyBuffer())),
                Bindings.of(BufferBinding.of(data), BufferBinding.of(index)));
        try (ExecutionBackend emulator = new Emulator();
                DirectMlBackend directMl = WindowsBackends.openOrSkip(DirectMlOptions.defaults());
                PreparedOperator onEmulator = emulator.prepare(operator);
                PreparedOperator onDirectMl = directMl.prepare(operator)) {
            for (Bindings bindings : bad) {
                String expected = org.junit.jupiter.api.Assertions.assertThrows(
                        dev.dmlemu.execution.OperatorExecutionException.class, () -> onEmulator.execute(bindings))
                        .getMessage();
                assertEquals(expected, org.junit.jupiter.api.Assertions.assertThrows(
                        dev.dmlemu.execution.OperatorExecutionException.class, () -> onDirectMl.execute(bindings))
                        .getMessage());
            }
        }
    }

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void directMlMatchesTheEmulatorBitForBit() {
        try (ExecutionBackend reference = new Emulator();
                DirectMlBackend directMl = WindowsBackends.openOrSkip(DirectMlOptions.defaults())) {
            List<Case> cases = casesFor(directMl);
            for (Case c : cases) {
                assertArrayEquals(run(reference, c), run(directMl, c), c.name());
            }
            System.out.println("parity (" + reference.name() + " vs directml): " + cases.size() + " cases identical");
        }
    }

    private static byte[] run(ExecutionBackend backend, Case c) {
        try (PreparedOperator prepared = backend.prepare(c.operator())) {
            ByteBuffer output = ByteBuffer.allocate(c.outputBytes());
            prepared.execute(Bindings.of(BufferBinding.of(c.input().duplicate()),
                    BufferBinding.of(c.indices().duplicate()), BufferBinding.of(output)));
            return output.array();
        }
    }

    /** Cases legal at the device's level with its data types; needs 4_1 (1–8 dims, 64-bit types). */
    private static List<Case> casesFor(DirectMlBackend backend) {
        FeatureLevel level = backend.maxFeatureLevel();
        Assumptions.assumeTrue(level.isAtLeast(FeatureLevel.LEVEL_4_1), "the random parity cases need "
                + FeatureLevel.LEVEL_4_1.cName() + " (1-8 dims, 64-bit types); the device reports " + level.cName());
        SplittableRandom random = new SplittableRandom(SEED);
        List<Case> cases = new ArrayList<>();
        TreeMap<String, Integer> skipped = new TreeMap<>();
        for (int n = 0; n < CASES; n++) {
            TensorDataType dataType = DATA_TYPES.get(random.nextInt(DATA_TYPES.size()));
            TensorDataType indexType = INDEX_TYPES.get(random.nextInt(INDEX_TYPES.size()));
            Case c = randomCase("seed " + Long.toHexString(SEED) + " case " + n, random, dataType, indexType, level);
            if (backend.deviceInfo().supportedDataTypes().contains(dataType)) {
                cases.add(c);
            } else {
                skipped.merge(dataType.cName(), 1, Integer::sum);
            }
        }
        skipped.forEach((type, count) -> System.out.println("SKIPPED " + count + " parity cases: " + type
                + " not supported by the device (CheckFeatureSupport)"));
        return cases;
    }

    private static Case randomCase(String name, SplittableRandom random, TensorDataType dataType,
            TensorDataType indexType, FeatureLevel level) {
        int rank = 1 + random.nextInt(6);
        int axis = random.nextInt(rank);
        long[] inputSizes = new long[rank];
        long[] indexSizes = new long[rank];
        for (int d = 0; d < rank; d++) {
            inputSizes[d] = 1 + random.nextInt(4);
            indexSizes[d] = d == axis ? 1 + random.nextInt(4) : inputSizes[d];
        }
        BufferTensorDesc input = BufferTensorDesc.packed(dataType, inputSizes);
        BufferTensorDesc indices = BufferTensorDesc.packed(indexType, indexSizes);
        BufferTensorDesc output = BufferTensorDesc.packed(dataType, indexSizes);
        boolean signed = indexType.isSignedInteger();
        IndexSemantics semantics = signed ? IndexSemantics.SIGNED_WRAP : IndexSemantics.UNSIGNED;
        ValidatedOperator operator = TestOperators.validated(new GatherElementsOperatorDesc(input, indices, output,
                axis), level, semantics);

        int inputCount = Math.toIntExact(product(inputSizes));
        int indexCount = Math.toIntExact(product(indexSizes));
        ByteBuffer inputBytes = ByteBuffer.allocate(Math.toIntExact(input.totalTensorSizeInBytes()))
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < inputCount; i++) {
            putElement(inputBytes, i, dataType, random);
        }
        ByteBuffer indexBytes = ByteBuffer.allocate(Math.toIntExact(indices.totalTensorSizeInBytes()))
                .order(ByteOrder.LITTLE_ENDIAN);
        long axisSize = inputSizes[axis];
        for (int i = 0; i < indexCount; i++) {
            long value = signed ? random.nextLong(-axisSize, axisSize) : random.nextLong(0, axisSize);
            if (indexType.sizeInBytes() == 4) {
                indexBytes.putInt(4 * i, (int) value);
            } else {
                indexBytes.putLong(8 * i, value);
            }
        }
        return new Case(name + " " + dataType + "[" + join(inputSizes) + "] " + indexType + "[" + join(indexSizes)
                + "] axis " + axis, operator, inputBytes, indexBytes,
                Math.toIntExact(output.totalTensorSizeInBytes()));
    }

    /** Finite, normal values for float types (see the class comment); any bits for integers. */
    private static void putElement(ByteBuffer buffer, int index, TensorDataType type, SplittableRandom random) {
        switch (type) {
            case FLOAT16 -> {
                int sign = random.nextInt(2) << 15;
                int exponent = 1 + random.nextInt(30);
                buffer.putShort(2 * index, (short) (sign | exponent << 10 | random.nextInt(1 << 10)));
            }
            case FLOAT32 -> buffer.putFloat(4 * index, (float) (random.nextDouble(-1e6, 1e6)));
            case FLOAT64 -> buffer.putDouble(8 * index, random.nextDouble(-1e12, 1e12));
            case INT8, UINT8 -> buffer.put(index, (byte) random.nextInt());
            case INT16, UINT16 -> buffer.putShort(2 * index, (short) random.nextInt());
            case INT32, UINT32 -> buffer.putInt(4 * index, random.nextInt());
            case INT64, UINT64 -> buffer.putLong(8 * index, random.nextLong());
            default -> throw new IllegalArgumentException(type.name());
        }
    }

    /**
     * The naive reference: packed row-major tensors, output coordinate by coordinate, shares no code with the
     * backends. Negative signed indices count from the end of the axis.
     */
    private static byte[] naiveGatherElements(Case c) {
        GatherElementsOperatorDesc desc = c.operator().desc(GatherElementsOperatorDesc.class);
        BufferTensorDesc input = (BufferTensorDesc) desc.inputTensor();
        BufferTensorDesc indices = (BufferTensorDesc) desc.indicesTensor();
        int axis = (int) desc.axis();
        int rank = input.sizes().size();
        int elementSize = input.dataType().sizeInBytes();
        int indexSize = indices.dataType().sizeInBytes();
        byte[] output = new byte[c.outputBytes()];
        int outputCount = Math.toIntExact(product(indices.sizes().stream().mapToLong(Long::longValue).toArray()));
        ByteBuffer indexBytes = c.indices().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer inputBytes = c.input().duplicate();
        for (int o = 0; o < outputCount; o++) {
            long[] coordinate = new long[rank];
            long rest = o;
            for (int d = rank - 1; d >= 0; d--) {
                coordinate[d] = rest % indices.sizes().get(d);
                rest /= indices.sizes().get(d);
            }
            long value = indexSize == 4 ? indexBytes.getInt(4 * o) : indexBytes.getLong(8 * o);
            if (indexSize == 4 && !indices.dataType().isSignedInteger()) {
                value = Integer.toUnsignedLong((int) value);
            }
            if (value < 0) {
                value += input.sizes().get(axis);
            }
            coordinate[axis] = value;
            long inputIndex = 0;
            for (int d = 0; d < rank; d++) {
                inputIndex = inputIndex * input.sizes().get(d) + coordinate[d];
            }
            for (int b = 0; b < elementSize; b++) {
                output[o * elementSize + b] = inputBytes.get(Math.toIntExact(inputIndex * elementSize + b));
            }
        }
        return output;
    }

    private static long product(long[] sizes) {
        long product = 1;
        for (long size : sizes) {
            product = Math.multiplyExact(product, size);
        }
        return product;
    }

    private static String join(long[] values) {
        StringBuilder text = new StringBuilder();
        for (long value : values) {
            text.append(text.length() == 0 ? "" : ",").append(value);
        }
        return text.toString();
    }

    @Test
    void theNaiveReferenceReproducesTheDocsExample() {
        // Guards the reference itself, on every OS: docs example, input 1..9, indices [[1,2,0],[2,0,0]], axis 0.
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 3);
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.INT64, 2, 3);
        ValidatedOperator operator = TestOperators.validated(new GatherElementsOperatorDesc(input, indices,
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3), 0), FeatureLevel.LEVEL_4_1,
                IndexSemantics.SIGNED_WRAP);
        ByteBuffer inputBytes = ByteBuffer.allocate(36).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 9; i++) {
            inputBytes.putFloat(4 * i, i + 1);
        }
        ByteBuffer indexBytes = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
        long[] values = {1, 2, 0, -1, 0, 0}; // -1 is the last row: 2
        for (int i = 0; i < values.length; i++) {
            indexBytes.putLong(8 * i, values[i]);
        }
        byte[] output = naiveGatherElements(new Case("docs", operator, inputBytes, indexBytes, 24));
        ByteBuffer result = ByteBuffer.wrap(output).order(ByteOrder.LITTLE_ENDIAN);
        float[] floats = new float[6];
        for (int i = 0; i < 6; i++) {
            floats[i] = result.getFloat(4 * i);
        }
        assertArrayEquals(new float[] {4, 8, 3, 7, 2, 3}, floats);
        assertEquals(24, output.length);
    }
}
