package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.conformance.realdml.RealDirectMl.BytesRun;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.TensorBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.ElementWiseCase;
import dev.dmlemu.testkit.ElementWiseCases;
import dev.dmlemu.testkit.ElementWiseOp;
import dev.dmlemu.testkit.NaiveElementWise;
import dev.dmlemu.testkit.TensorBytes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every element-wise operator the emulator runs, against the real DirectML.dll, bit for bit, on
 * {@link #CASES_PER_OPERATOR} of the kit's seeded cases each (every data type the device supports, ranks 1-8,
 * strided, broadcast and padded tensors, edge values): raw bytes both ways, so NaN payloads, -0.0 and denormals
 * arrive unchanged. Each case runs twice on the DLL; cases whose two outputs differ count as non-deterministic. The
 * kit's naive reference is held to the same outputs. Writes the per-operator table of docs/directml-behaviour.md
 * §15 to {@code target/element-wise-agreement.md}.
 */
class ElementWiseParityTest {

    static final int CASES_PER_OPERATOR = 100;
    private static final long SEED = 0xE1E_3E27L;

    /** One operator's row of the table. */
    private static final class Row {
        final ElementWiseOp op;
        int cases;
        int refused;
        int identical;
        int nonDeterministic;
        int naiveIdentical;
        /** Differences listed so far, a few per operator. */
        int shown;

        Row(ElementWiseOp op) {
            this.op = op;
        }

        int ran() {
            return cases - refused;
        }
    }

    @Test
    void matchesTheRealDirectMlBitForBit() throws IOException {
        RealDirectMl real = RealDirectMl.locateOrSkip("ElementWiseParityTest");
        FeatureLevelValidator validator = new FeatureLevelValidator();
        List<Row> rows = new ArrayList<>();
        List<String> differences = new ArrayList<>();
        try (Emulator emulator = new Emulator()) {
            for (ElementWiseOp op : ElementWiseOp.values()) {
                if (op == ElementWiseOp.CAST) {
                    continue; // every pair of data types: CastParityTest
                }
                Row row = new Row(op);
                rows.add(row);
                Random random = new Random(SEED + op.ordinal());
                for (int attempt = 0; row.cases < CASES_PER_OPERATOR && attempt < 20 * CASES_PER_OPERATOR;
                        attempt++) {
                    TensorDataType type = DllOutputs.DEVICE_DATA_TYPES.get(
                            random.nextInt(DllOutputs.DEVICE_DATA_TYPES.size()));
                    long seed = random.nextLong();
                    ElementWiseCase c = ElementWiseCases.generate(op, type, seed);
                    ValidationResult validation = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
                    if (!validation.isValid()) {
                        continue;
                    }
                    row.cases++;
                    List<ByteBuffer> inputs = c.inputs().stream().map(TensorBytes::toBuffer).toList();
                    long outputBytes = c.outputTensor().totalTensorSizeInBytes();
                    BytesRun first = real.executeBytes(c.desc(), inputs, outputBytes);
                    if (first.output().isEmpty()) {
                        row.refused++;
                        continue;
                    }
                    BytesRun second = real.executeBytes(c.desc(), inputs, outputBytes);
                    // DirectML writes output padding too (§5.2): only the addressed elements are compared.
                    byte[] dll = addressed(c.outputTensor(), first.output().get());
                    if (second.output().isEmpty()
                            || !Arrays.equals(dll, addressed(c.outputTensor(), second.output().get()))) {
                        row.nonDeterministic++;
                        continue;
                    }
                    byte[] emulated = new byte[(int) outputBytes];
                    try (PreparedOperator prepared = emulator.prepare(validation.validated())) {
                        List<TensorBinding> bindings = new ArrayList<>();
                        inputs.forEach(b -> bindings.add(BufferBinding.of(b)));
                        bindings.add(BufferBinding.of(ByteBuffer.wrap(emulated)));
                        prepared.execute(new Bindings(bindings));
                    }
                    emulated = addressed(c.outputTensor(), emulated);
                    if (Arrays.equals(dll, emulated)) {
                        row.identical++;
                    } else if (row.shown++ < 2) {
                        differences.add(describe("emulator", c, type, seed, dll, emulated));
                    }
                    byte[] naive;
                    try {
                        naive = addressed(c.outputTensor(), NaiveElementWise.run(c));
                    } catch (RuntimeException e) {
                        differences.add("naive reference fails on " + op + " " + type + " seed " + seed + ": " + e);
                        continue;
                    }
                    if (Arrays.equals(dll, naive)) {
                        row.naiveIdentical++;
                    } else if (row.shown++ < 3) {
                        differences.add(describe("naive reference", c, type, seed, dll, naive));
                    }
                }
            }
        }
        String table = table(rows);
        System.out.println(table);
        differences.forEach(System.out::println);
        Files.writeString(Path.of("target", "element-wise-agreement.md"), table);
        for (Row row : rows) {
            int deterministic = row.ran() - row.nonDeterministic;
            assertTrue(row.identical == deterministic && row.naiveIdentical == deterministic,
                    () -> row.op + " differs from the real DLL; first differences:\n" + String.join("\n", differences));
        }
    }

    /** The output's elements in row-major order, read through its strides. */
    static byte[] addressed(BufferTensorDesc output, byte[] buffer) {
        int width = output.dataType().sizeInBytes();
        List<Long> sizes = output.sizes();
        List<Long> strides = output.effectiveStrides();
        int count = Math.toIntExact(BufferTensorMath.elementCount(sizes));
        byte[] elements = new byte[count * width];
        for (int e = 0; e < count; e++) {
            long rest = e;
            long at = 0;
            for (int d = sizes.size() - 1; d >= 0; d--) {
                at += rest % sizes.get(d) * strides.get(d);
                rest /= sizes.get(d);
            }
            System.arraycopy(buffer, Math.toIntExact(at * width), elements, e * width, width);
        }
        return elements;
    }

    private static String table(List<Row> rows) {
        StringBuilder out = new StringBuilder();
        out.append("| Operator | Cases | Refused by CompileOperator | Ran | Bit-identical | Non-deterministic |"
                + " Naive reference identical |\n|---|---:|---:|---:|---:|---:|---:|\n");
        for (Row row : rows) {
            out.append("| ").append(row.op).append(" | ").append(row.cases).append(" | ").append(row.refused)
                    .append(" | ").append(row.ran()).append(" | ").append(row.identical).append(" | ")
                    .append(row.nonDeterministic).append(" | ").append(row.naiveIdentical).append(" |\n");
        }
        return out.toString();
    }

    private static String describe(String who, ElementWiseCase c, TensorDataType type, long seed, byte[] dll,
            byte[] other) {
        int width = type.sizeInBytes();
        int at = 0; // a byte offset among the addressed elements
        while (at < dll.length && dll[at] == other[at]) {
            at++;
        }
        at -= at % width;
        HexFormat hex = HexFormat.of();
        return who + " differs on " + c.op() + " " + type + " seed " + seed + " at element " + at / width + ": DLL "
                + hex.formatHex(dll, at, Math.min(dll.length, at + width)) + ", " + who + " "
                + hex.formatHex(other, at, Math.min(other.length, at + width)) + "; inputs " + inputsAt(c, at / width)
                + "; " + c.desc();
    }

    /** Each input's bytes at the output element {@code element} (row-major), in hex. */
    private static String inputsAt(ElementWiseCase c, int element) {
        List<String> values = new ArrayList<>();
        List<Long> sizes = c.outputTensor().sizes();
        for (int i = 0; i < c.inputTensors().size(); i++) {
            BufferTensorDesc in = c.inputTensors().get(i);
            List<Long> strides = in.effectiveStrides();
            long rest = element;
            long at = 0;
            for (int d = sizes.size() - 1; d >= 0; d--) {
                at += rest % sizes.get(d) * strides.get(d);
                rest /= sizes.get(d);
            }
            int width = in.dataType().sizeInBytes();
            values.add(HexFormat.of().formatHex(c.inputs().get(i).bytes(), (int) at * width, (int) at * width + width));
        }
        return values.toString();
    }
}
