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
 * match both the emulator and the kit's naive reference in every logical output element, or, when an {@link Unmodelled}
 * rule covers its difference from the emulator, counts as unmodelled (the naive reference must then equal the
 * emulator).
 */
final class MovementParity {

    /** One operator's figures: the row of a docs/directml-behaviour.md agreement table. */
    record Tally(OperatorType operator, int cases, int identical, int nonDeterministic, int unmodelled) {

        String row() {
            return "| " + operator.name() + " | " + cases + " | " + identical + " | " + nonDeterministic + " |";
        }

        /** The row with a column of the cases an {@link Unmodelled} rule covered. */
        String rowWithUnmodelled() {
            return row() + " " + unmodelled + " |";
        }
    }

    /**
     * A difference between the DLL and the emulator that docs/directml-behaviour.md names as not modelled: given the
     * case, one output and both outputs' logical elements, whether the rule covers every element that differs.
     */
    interface Unmodelled {

        Unmodelled NONE = (c, output, dll, emulated) -> false;

        boolean covers(MovementCase c, BufferTensorDesc output, byte[] dll, byte[] emulated);
    }

    private MovementParity() {}

    static Tally run(RealDirectMl real, OperatorType operator, int cases, int rerunEvery, long seed,
            LongFunction<MovementCase> generate, Function<MovementCase, List<byte[]>> reference) throws Exception {
        return run(real, operator, cases, rerunEvery, seed, generate, reference, Unmodelled.NONE);
    }

    static Tally run(RealDirectMl real, OperatorType operator, int cases, int rerunEvery, long seed,
            LongFunction<MovementCase> generate, Function<MovementCase, List<byte[]>> reference,
            Unmodelled unmodelledRule) throws Exception {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        Random seeds = new Random(seed ^ operator.code());
        int identical = 0;
        int nonDeterministic = 0;
        int unmodelled = 0;
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
                boolean covered = false;
                for (int o = 0; o < outputs.size(); o++) {
                    if (!(outputs.get(o) instanceof BufferTensorDesc output)) {
                        continue;
                    }
                    byte[] dll = LogicalElements.of(output, first.get(o), 0);
                    byte[] emulatedElements = LogicalElements.of(output, emulated.get(o), 0);
                    boolean unmodelledHere = !java.util.Arrays.equals(dll, emulatedElements)
                            && unmodelledRule.covers(c, output, dll, emulatedElements);
                    covered |= unmodelledHere;
                    int index = o;
                    if (!unmodelledHere) {
                        assertArrayEquals(dll, emulatedElements, () -> "seed " + caseSeed + " output " + index
                                + ", the emulator differs from the DLL " + HexFormat.of().formatHex(dll) + "\n" + c);
                    }
                    // Where the DLL's choice is not modelled, the reference states the emulator's rule.
                    byte[] expected = unmodelledHere ? emulatedElements : dll;
                    assertArrayEquals(expected, LogicalElements.of(output, naive.get(o), 0),
                            () -> "seed " + caseSeed + " output " + index + ", the naive reference differs\n" + c);
                }
                if (covered) {
                    unmodelled++;
                } else {
                    identical++;
                }
            }
        }
        return new Tally(operator, cases, identical, nonDeterministic, unmodelled);
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
