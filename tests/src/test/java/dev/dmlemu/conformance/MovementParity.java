package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorKind;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.TensorBytes;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * The agreement loop of the data-movement parity tests: seeded cases run on the real DLL, every {@code rerunEvery}-th
 * of them (from the first) twice; a case whose two runs differ counts as non-deterministic, and every other must
 * match both the emulator and the kit's naive reference in every logical output element.
 */
final class MovementParity {

    /** One operator's figures: the row of a docs/directml-behaviour.md agreement table. */
    record Tally(OperatorType operator, int cases, int identical, int nonDeterministic) {

        String row() {
            return "| " + operator.name() + " | " + cases + " | " + identical + " | " + nonDeterministic + " |";
        }
    }

    private MovementParity() {}

    static Tally run(RealDirectMl real, OperatorType operator, int cases, int rerunEvery, long seed,
            LongFunction<MovementCase> generate, Function<MovementCase, List<byte[]>> reference) throws Exception {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        Random seeds = new Random(seed ^ operator.code());
        int identical = 0;
        int nonDeterministic = 0;
        try (Emulator emulator = new Emulator()) {
            for (int n = 0; n < cases; n++) {
                long caseSeed = seeds.nextLong();
                MovementCase c = generate.apply(caseSeed);
                List<byte[]> arrays = c.all().stream().map(TensorBytes::bytes).toList();
                List<byte[]> first;
                List<byte[]> second;
                try {
                    first = real.executeArrays(c.desc(), arrays);
                    second = n % rerunEvery == 0 ? real.executeArrays(c.desc(), arrays) : first;
                } catch (java.io.IOException e) {
                    throw new AssertionError("seed " + caseSeed + ": " + e.getMessage() + "\n" + c, e);
                }
                // An optional output the desc leaves NULL (MAX_POOLING1's indices) is not compared.
                List<TensorDesc> outputs = c.desc().tensorFields().stream()
                        .filter(f -> f.kind() == TensorKind.OUTPUT).map(TensorField::desc).toList();
                if (!sameLogical(outputs, first, second)) {
                    nonDeterministic++;
                    continue;
                }
                List<byte[]> emulated = EmulatorOnCase.outputs(emulator, validator, c);
                List<byte[]> naive = reference.apply(c);
                for (int o = 0; o < outputs.size(); o++) {
                    if (!(outputs.get(o) instanceof BufferTensorDesc output)) {
                        continue;
                    }
                    byte[] dll = LogicalElements.of(output, first.get(o), 0);
                    int index = o;
                    assertArrayEquals(dll, LogicalElements.of(output, emulated.get(o), 0),
                            () -> "seed " + caseSeed + " output " + index + ", the emulator differs from the DLL "
                                    + HexFormat.of().formatHex(dll) + "\n" + c);
                    assertArrayEquals(dll, LogicalElements.of(output, naive.get(o), 0),
                            () -> "seed " + caseSeed + " output " + index + ", the naive reference differs\n" + c);
                }
                identical++;
            }
        }
        return new Tally(operator, cases, identical, nonDeterministic);
    }

    private static boolean sameLogical(List<TensorDesc> outputs, List<byte[]> a, List<byte[]> b) {
        for (int o = 0; o < outputs.size(); o++) {
            if (outputs.get(o) instanceof BufferTensorDesc output && !java.util.Arrays.equals(
                    LogicalElements.of(output, a.get(o), 0), LogicalElements.of(output, b.get(o), 0))) {
                return false;
            }
        }
        return true;
    }
}
