package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * GATHER with IndexDimensions 0, as the real DirectML.dll 1.15.4 (feature level 6_4) answered it through the referee
 * (docs/directml-behaviour.md §10.4): 7,140 descs sent to CreateOperator alone (6,736 with indices sizes other than
 * 1), and 632 accepted descs run end to end with the output DirectML wrote (318 with indices sizes other than 1; the
 * rest, all-1 indices with out-of-range values, strides and padding rows, are controls). The records are copied from
 * the referee's output into {@code gather-scalar-indices-probes.txt} next to this class, whose header gives the
 * format.
 */
public final class RecordedScalarIndexProbes {

    private static final String RESOURCE = "gather-scalar-indices-probes.txt";

    private RecordedScalarIndexProbes() {}

    /** What CreateOperator did with a desc. */
    public enum CreateOutcome { ACCEPTED, REFUSED, ENDED_THE_PROCESS }

    /** One desc sent to CreateOperator alone, with the line it was recorded on. */
    public record Verdict(String line, GatherOperatorDesc desc, CreateOutcome outcome) {

        @Override
        public String toString() {
            return line;
        }
    }

    /** One desc run end to end: the buffers as uploaded (whole TotalTensorSizeInBytes) and the output DirectML wrote. */
    public record Execution(String name, GatherOperatorDesc desc, byte[] input, byte[] indices, byte[] expected) {

        /** A zeroed output buffer of the output's TotalTensorSizeInBytes, as the referee's starts. */
        public byte[] freshOutput() {
            return new byte[Math.toIntExact(((BufferTensorDesc) desc.outputTensor()).totalTensorSizeInBytes())];
        }

        @Override
        public String toString() {
            return name;
        }
    }

    public static List<Verdict> verdicts() {
        List<Verdict> verdicts = new ArrayList<>();
        for (String line : lines()) {
            if (line.startsWith("V ")) {
                String[] words = line.split(" ");
                CreateOutcome outcome = switch (words[1]) {
                    case "accepted" -> CreateOutcome.ACCEPTED;
                    case "refused" -> CreateOutcome.REFUSED;
                    case "ended" -> CreateOutcome.ENDED_THE_PROCESS;
                    default -> throw new IllegalStateException("unknown outcome in " + RESOURCE + ": " + line);
                };
                verdicts.add(new Verdict(line, desc(words), outcome));
            }
        }
        return List.copyOf(verdicts);
    }

    public static List<Execution> executions() {
        List<Execution> executions = new ArrayList<>();
        for (String line : lines()) {
            if (line.startsWith("X ")) {
                String[] words = line.split(" ");
                GatherOperatorDesc desc = desc(words);
                Map<String, String> keys = keys(words);
                BufferTensorDesc input = (BufferTensorDesc) desc.inputTensor();
                BufferTensorDesc indices = (BufferTensorDesc) desc.indicesTensor();
                executions.add(new Execution(words[1], desc,
                        values(input.dataType(), keys.get("input"), input.totalTensorSizeInBytes()),
                        values(indices.dataType(), keys.get("indices"), indices.totalTensorSizeInBytes()),
                        values(input.dataType(), keys.get("output"),
                                ((BufferTensorDesc) desc.outputTensor()).totalTensorSizeInBytes())));
            }
        }
        return List.copyOf(executions);
    }

    /** {@code V outcome type type key=value...} or {@code X name type type key=value...}. */
    private static GatherOperatorDesc desc(String[] words) {
        TensorDataType dataType = TensorDataType.valueOf(words[2]);
        TensorDataType indexType = TensorDataType.valueOf(words[3]);
        Map<String, String> keys = keys(words);
        BufferTensorDesc input = tensor(dataType, keys, "in", "instrides", "inbytes");
        BufferTensorDesc indices = tensor(indexType, keys, "idx", "idxstrides", "idxbytes");
        BufferTensorDesc output = BufferTensorDesc.packed(dataType, longs(keys.get("out")));
        return new GatherOperatorDesc(input, indices, output, Long.parseLong(keys.get("axis")), 0);
    }

    private static BufferTensorDesc tensor(TensorDataType type, Map<String, String> keys, String sizes,
            String strides, String bytes) {
        long[] s = longs(keys.get(sizes));
        BufferTensorDesc tensor = keys.containsKey(strides)
                ? BufferTensorDesc.strided(type, toList(s), toList(longs(keys.get(strides))))
                : BufferTensorDesc.packed(type, s);
        return keys.containsKey(bytes) ? tensor.withTotalTensorSizeInBytes(Long.parseLong(keys.get(bytes))) : tensor;
    }

    private static Map<String, String> keys(String[] words) {
        Map<String, String> keys = new HashMap<>();
        for (int i = 4; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            keys.put(words[i].substring(0, eq), words[i].substring(eq + 1));
        }
        return keys;
    }

    /** Values as the referee prints them, little-endian, zero-filled to {@code totalBytes}. */
    private static byte[] values(TensorDataType type, String text, long totalBytes) {
        ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(totalBytes)).order(ByteOrder.LITTLE_ENDIAN);
        for (String value : text.split(",")) {
            switch (type) {
                case FLOAT32 -> bytes.putFloat(Float.parseFloat(value));
                case FLOAT64 -> bytes.putDouble(Double.parseDouble(value));
                case INT8, UINT8 -> bytes.put((byte) Integer.parseInt(value));
                case INT32, UINT32 -> bytes.putInt((int) Long.parseLong(value));
                case INT64 -> bytes.putLong(Long.parseLong(value));
                case UINT64 -> bytes.putLong(new BigInteger(value).longValue());
                default -> throw new IllegalStateException("no recorded values of type " + type);
            }
        }
        return bytes.array();
    }

    private static long[] longs(String text) {
        return Arrays.stream(text.split(",")).mapToLong(Long::parseLong).toArray();
    }

    private static List<Long> toList(long[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    private static List<String> lines() {
        InputStream in = RecordedScalarIndexProbes.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IllegalStateException(RESOURCE + " is missing from the test kit");
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return reader.lines().filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The probe of this name, for tests that pin one. */
    public static Optional<Execution> execution(String name) {
        return executions().stream().filter(e -> e.name().equals(name)).findFirst();
    }
}
