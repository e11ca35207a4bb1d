package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.conformance.realdml.RealDirectMl.BytesRun;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.testkit.ElementWiseCase;
import dev.dmlemu.testkit.ElementWiseCases;
import dev.dmlemu.testkit.NaiveElementWise;
import dev.dmlemu.testkit.TensorBytes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * CAST against the real DirectML.dll, bit for bit, on {@link #CASES_PER_PAIR} of the kit's seeded cases for every
 * pair of the device's data types (ranks 1-8; packed, padded, transposed and broadcast inputs; padded outputs; the
 * input type's edge values and the output type's limits). Each case runs twice on the DLL (differing outputs count as
 * non-deterministic); cases CompileOperator refuses are counted apart. The emulator's output and the naive
 * reference's must equal the DLL's on every element the output strides address. Writes the table of
 * docs/directml-behaviour.md §15.6, one row per pair family, to {@code target/cast-agreement.md}.
 */
class CastParityTest {

    static final int CASES_PER_PAIR = 5;
    private static final long SEED = 0xCA57_0026L;

    /** One pair family's row. */
    private static final class Row {
        int cases;
        int refused;
        int identical;
        int nonDeterministic;
        int naiveIdentical;

        int ran() {
            return cases - refused;
        }
    }

    @Test
    void matchesTheRealDirectMlBitForBitOnEveryPair() throws IOException {
        RealDirectMl real = RealDirectMl.locateOrSkip("CastParityTest");
        FeatureLevelValidator validator = new FeatureLevelValidator();
        Map<String, Row> rows = new LinkedHashMap<>();
        for (String family : List.of("float to float", "float to integer", "integer to integer",
                "integer to float")) {
            rows.put(family, new Row());
        }
        List<String> differences = new ArrayList<>();
        Random random = new Random(SEED);
        try (Emulator emulator = new Emulator()) {
            for (TensorDataType from : DllOutputs.DEVICE_DATA_TYPES) {
                for (TensorDataType to : DllOutputs.DEVICE_DATA_TYPES) {
                    Row row = rows.get(family(from, to));
                    for (int i = 0; i < CASES_PER_PAIR; i++) {
                        long seed = random.nextLong();
                        ElementWiseCase c = ElementWiseCases.cast(from, to, seed);
                        row.cases++;
                        List<ByteBuffer> inputs = c.inputs().stream().map(TensorBytes::toBuffer).toList();
                        long outputBytes = c.outputTensor().totalTensorSizeInBytes();
                        BytesRun first = real.executeBytes(c.desc(), inputs, outputBytes);
                        if (first.output().isEmpty()) {
                            row.refused++;
                            continue;
                        }
                        BytesRun second = real.executeBytes(c.desc(), inputs, outputBytes);
                        byte[] dll = ElementWiseParityTest.addressed(c.outputTensor(), first.output().get());
                        if (second.output().isEmpty() || !Arrays.equals(dll,
                                ElementWiseParityTest.addressed(c.outputTensor(), second.output().get()))) {
                            row.nonDeterministic++;
                            continue;
                        }
                        byte[] emulated = ElementWiseParityTest.addressed(c.outputTensor(),
                                EmulatorOnCase.output(emulator, validator, "CAST", c.desc(), c::toString,
                                        TensorBytes.of(new byte[(int) outputBytes]), c.inputs().get(0)));
                        if (Arrays.equals(dll, emulated)) {
                            row.identical++;
                        } else {
                            differences.add(describe("emulator", c, seed, dll, emulated));
                        }
                        byte[] naive = ElementWiseParityTest.addressed(c.outputTensor(), NaiveElementWise.run(c));
                        if (Arrays.equals(dll, naive)) {
                            row.naiveIdentical++;
                        } else {
                            differences.add(describe("naive reference", c, seed, dll, naive));
                        }
                    }
                }
            }
        }
        String table = table(rows);
        System.out.println(table);
        differences.stream().limit(20).forEach(System.out::println);
        Files.writeString(Path.of("target", "cast-agreement.md"), table);
        int cases = rows.values().stream().mapToInt(r -> r.cases).sum();
        assertEquals(DllOutputs.DEVICE_DATA_TYPES.size() * DllOutputs.DEVICE_DATA_TYPES.size() * CASES_PER_PAIR,
                cases);
        assertTrue(differences.isEmpty(), () -> differences.size() + " differences from the real DLL:\n"
                + String.join("\n", differences.subList(0, Math.min(20, differences.size()))));
    }

    private static String family(TensorDataType from, TensorDataType to) {
        return (from.isFloatingPoint() ? "float" : "integer") + " to " + (to.isFloatingPoint() ? "float" : "integer");
    }

    private static String table(Map<String, Row> rows) {
        StringBuilder out = new StringBuilder("| Pair family | Cases | Refused by CompileOperator | Ran | Bit-identical |"
                + " Non-deterministic | Naive reference identical |\n|---|---:|---:|---:|---:|---:|---:|\n");
        Row total = new Row();
        for (Map.Entry<String, Row> e : rows.entrySet()) {
            Row r = e.getValue();
            line(out, e.getKey(), r);
            total.cases += r.cases;
            total.refused += r.refused;
            total.identical += r.identical;
            total.nonDeterministic += r.nonDeterministic;
            total.naiveIdentical += r.naiveIdentical;
        }
        line(out, "all", total);
        return out.toString();
    }

    private static void line(StringBuilder out, String name, Row r) {
        out.append("| ").append(name).append(" | ").append(r.cases).append(" | ").append(r.refused).append(" | ")
                .append(r.ran()).append(" | ").append(r.identical).append(" | ").append(r.nonDeterministic)
                .append(" | ").append(r.naiveIdentical).append(" |\n");
    }

    private static String describe(String who, ElementWiseCase c, long seed, byte[] dll, byte[] other) {
        int width = c.outputTensor().dataType().sizeInBytes();
        int at = 0;
        while (at < dll.length && dll[at] == other[at]) {
            at++;
        }
        at -= at % width;
        HexFormat hex = HexFormat.of();
        return who + " differs on CAST " + c.inputTensors().get(0).dataType() + " to " + c.outputTensor().dataType()
                + " seed " + seed + " at element " + at / width + ": DLL " + hex.formatHex(dll, at, at + width) + ", "
                + who + " " + hex.formatHex(other, at, at + width) + "; " + c.desc();
    }
}
