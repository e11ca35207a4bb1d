package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The validator on DML_GATHER at {@code DML_FEATURE_LEVEL_6_4} against the real DirectML.dll 1.15.4 (which reports
 * 6_4): "valid" must equal "CreateOperator returned S_OK" (docs/directml-behaviour.md §10.3). The heap-bug shapes run
 * one per process; indices sizes other than 1 outside the last IndexDimensions, where the validator deliberately keeps
 * the documented rule, are pinned to what the DLL did when they were measured (§10.4).
 */
class GatherValidatorAgreementTest {

    private static final long SEED = 20250613L;

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    @Test
    void validatorAgreesWithCreateOperatorOnEveryGeneratedGather() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("GATHER validator/real-DirectML agreement");
        List<AgreementCase<GatherOperatorDesc>> cases = GatherAgreementCases.generate(SEED);
        AgreementTally.of(real, cases).printAndAssertAgreement("GATHER", SEED, "", 400, Integer.MAX_VALUE);
    }

    /**
     * Valid descs with {@code IndexDimensions - 1 > Axis}: DirectML accepts them and corrupts its heap, so each runs
     * alone in its process. The validator accepts them too, with the heap-bug warning; an invalid one gets none.
     */
    @Test
    void heapBugShapesAreAcceptedWithAWarningOnePerProcess() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("GATHER heap-bug shapes on the real DirectML");
        Map<String, GatherOperatorDesc> shapes = new LinkedHashMap<>();
        // gather-heap-bug probes: {} ++ {1,4} ++ {2} -> {4,2}; {} ++ {1,1,1} ++ {1,3} -> {1,1,3}.
        shapes.put("g_idxdims2_cropped_leading1", gather(s(3, 2), s(1, 4), s(4, 2), 0, 2));
        shapes.put("crop_bad_axis0_k3", gather(s(1, 1, 3), s(1, 1, 1), s(1, 1, 3), 0, 3));
        // {1} ++ {1,2,2} ++ {2,3} -> {2,2,2,3}: 3 - 1 > 1.
        shapes.put("heap_4d_axis1_k3", gather(s(1, 1, 2, 3), s(1, 1, 2, 2), s(2, 2, 2, 3), 1, 3));
        // A cropped indices size above 1: {2,4,2} -> {4,2}.
        shapes.put("heap_crops_indices_size_2", gather(s(3, 2), s(2, 4), s(4, 2), 0, 2));
        // The output is wrong ({4,3} for {4,2}): refused by both, and no heap warning.
        shapes.put("heap_shape_invalid_output", gather(s(3, 2), s(1, 4), s(4, 3), 0, 2));
        List<String> disagreements = new ArrayList<>();
        for (Map.Entry<String, GatherOperatorDesc> shape : shapes.entrySet()) {
            assertTrue(GatherAgreementCases.isHeapBugShape(shape.getValue()), shape.getKey());
            HarnessResult theirs = real.validate(List.of(HarnessCase.validateOnly(shape.getKey(), shape.getValue())))
                    .get(shape.getKey());
            ValidationResult ours = validator.validate(shape.getValue(), FeatureLevel.LEVEL_6_4);
            boolean warned = ours.warnings().stream().anyMatch(d -> d.rule() == RuleId.HEAP_CORRUPTION_BUG);
            System.out.printf("  %-28s DirectML create=%s, validator %s%s%n", shape.getKey(), theirs.createText(),
                    ours.isValid() ? "valid" : "invalid", warned ? " with HEAP_CORRUPTION_BUG" : "");
            if (ours.isValid() != theirs.created() || warned != ours.isValid()) {
                disagreements.add(shape.getKey() + ": DirectML create=" + theirs.createText() + ", " + ours);
            }
        }
        assertTrue(disagreements.isEmpty(), () -> String.join("\n", disagreements));
    }

    /** What DirectML.dll 1.15.4 did with a desc when it was measured. */
    private enum Measured { ACCEPTED, REFUSED, ENDED_THE_PROCESS }

    /**
     * Indices sizes other than 1 outside the last IndexDimensions: DirectML.dll 1.15.4 accepts some of these shapes
     * with outputs dmlemu does not model, refuses others and ends the process on others, and the validator refuses
     * them all (the documented rule). This pins both halves: the DLL still does what docs/directml-behaviour.md §10.4
     * records for each shape, and the validator still refuses every one. The shapes that end the process run alone.
     */
    @Test
    void indicesSizesOutsideIndexDimensionsAreStillWhatWasMeasured() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("GATHER indices-shape looseness on the real DirectML");
        // {input, {axis, IndexDimensions}, indices, output}; the output is always the formula's.
        assertFalse(GatherAgreementCases.hasIndicesSizeNot1OutsideIndexDimensions(gather(s(3, 3), s(1, 3), s(1, 3), 1,
                0)), "IndexDimensions 0 is drawn by the agreement cases now");
        Map<long[][], Measured> shapes = new LinkedHashMap<>();
        for (long[][] shape : new long[][][] {
            {s(3, 3), s(1, 0), s(1, 3), s(1, 3)}, {s(1, 3, 3), s(2, 0), s(1, 1, 3), s(1, 1, 3)},
            {s(1, 3), s(1, 0), s(1, 3), s(1, 1)}, {s(2, 3, 3), s(2, 0), s(1, 2, 3), s(1, 2, 3)},
            {s(3, 3), s(1, 0), s(1, 3), s(2, 3)}, {s(1, 3, 3), s(2, 0), s(1, 3, 3), s(1, 1, 3)},
            {s(1, 2, 3, 3), s(3, 2), s(1, 2, 1, 1), s(2, 3, 1, 1)}, {s(2, 1, 2), s(2, 1), s(1, 2, 1), s(2, 1, 1)},
            {s(1, 1, 2), s(1, 2), s(2, 3, 3), s(3, 3, 2)}, {s(1, 2, 2), s(1, 2), s(2, 2, 2), s(2, 2, 2)},
            {s(1, 2, 1), s(1, 2), s(2, 1, 2), s(1, 2, 1)}, {s(1, 1, 2, 1), s(3, 3), s(2, 1, 3, 3), s(2, 1, 3, 3)}}) {
            shapes.put(shape, Measured.ACCEPTED);
        }
        for (long[][] shape : new long[][][] {
            {s(2, 3, 3), s(2, 0), s(1, 1, 3), s(1, 2, 3)}, {s(3, 3), s(0, 0), s(1, 3), s(1, 3)},
            {s(1, 3), s(1, 0), s(1, 2), s(1, 1)}, {s(3), s(0, 0), s(2), s(2)}, {s(3), s(0, 0), s(2), s(1)},
            {s(1, 3, 2), s(1, 0), s(1, 1, 2), s(1, 1, 2)}, {s(5, 2), s(1, 0), s(1, 2), s(1, 5)},
            {s(2, 4), s(1, 0), s(1, 4), s(1, 2)}, {s(2, 3), s(1, 0), s(1, 3), s(2, 2)},
            {s(2, 3, 2), s(2, 0), s(1, 2, 2), s(1, 2, 3)}, {s(3, 3), s(1, 0), s(2, 3), s(1, 3)},
            {s(4, 3), s(1, 0), s(1, 3), s(1, 4)}, {s(1, 3), s(1, 0), s(2, 3), s(1, 1)},
            {s(3, 3), s(1, 0), s(2, 3), s(2, 3)},
            {s(3, 2), s(0, 1), s(2, 4), s(4, 2)}, {s(1, 2, 2), s(2, 1), s(2, 1, 2), s(1, 2, 2)},
            {s(2, 2, 3), s(2, 1), s(2, 1, 3), s(2, 2, 3)}, {s(1, 3, 1), s(2, 1), s(2, 1, 3), s(1, 3, 3)},
            {s(2, 2, 3, 1), s(3, 1), s(1, 2, 1, 3), s(2, 2, 3, 3)}, {s(1, 3, 3, 3), s(3, 1), s(1, 2, 1, 3),
                s(1, 3, 3, 3)}}) {
            shapes.put(shape, Measured.REFUSED);
        }
        for (long[][] shape : new long[][][] {
            {s(1, 1, 2), s(2, 1), s(2, 1, 2), s(1, 1, 2)}, {s(1, 1, 1), s(2, 1), s(1, 2, 3), s(1, 1, 3)},
            {s(1, 1, 2), s(2, 0), s(1, 3, 3), s(1, 1, 1)}}) {
            shapes.put(shape, Measured.ENDED_THE_PROCESS);
        }
        Map<String, GatherOperatorDesc> batch = new LinkedHashMap<>();
        Map<String, Measured> measured = new LinkedHashMap<>();
        Map<String, Measured> observed = new LinkedHashMap<>();
        for (Map.Entry<long[][], Measured> entry : shapes.entrySet()) {
            long[][] shape = entry.getKey();
            String name = "indices_not_1_" + measured.size();
            GatherOperatorDesc desc = gather(shape[0], shape[2], shape[3], shape[1][0], shape[1][1]);
            measured.put(name, entry.getValue());
            assertTrue(desc.indexDimensions() == 0 || GatherAgreementCases.hasIndicesSizeNot1OutsideIndexDimensions(desc),
                    name);
            assertFalse(GatherAgreementCases.isHeapBugShape(desc), name);
            ValidationResult ours = validator.validate(desc, FeatureLevel.LEVEL_6_4);
            if (desc.indexDimensions() == 0) {
                // IndexDimensions 0 follows DirectML's measured rule (§10.4).
                assertEquals(entry.getValue(), verdict(ours), name + ": " + ours);
            } else {
                assertFalse(ours.isValid(), name);
                assertTrue(ours.errors().stream().anyMatch(d -> d.rule() == RuleId.INDICES_LEADING_SIZE_NOT_1),
                        ours::toString);
            }
            if (entry.getValue() == Measured.ENDED_THE_PROCESS) {
                RealDirectMl.Alone alone = real.validateAlone(HarnessCase.validateOnly(name, desc));
                observed.put(name, alone.result().isPresent() ? (alone.result().get().created() ? Measured.ACCEPTED
                        : Measured.REFUSED) : Measured.ENDED_THE_PROCESS);
                System.out.printf("  %s alone: %s, exit code %d%n", name, observed.get(name), alone.exitCode());
            } else {
                batch.put(name, desc);
            }
        }
        Map<String, HarnessResult> results = real.validate(batch.entrySet().stream()
                .map(e -> HarnessCase.validateOnly(e.getKey(), e.getValue())).toList());
        results.forEach((name, result) -> observed.put(name, result.created() ? Measured.ACCEPTED : Measured.REFUSED));
        Map<String, Measured> inOrder = new LinkedHashMap<>();
        measured.keySet().forEach(name -> inOrder.put(name, observed.get(name)));
        assertEquals(measured, inOrder, "DirectML no longer does what docs/directml-behaviour.md §10.4 records");
        System.out.printf("GATHER indices sizes not 1 outside IndexDimensions: DirectML did as recorded on all %d "
                + "shapes (%d accepted, %d refused, %d ended the process); the validator refuses every one with "
                + "IndexDimensions 1 or more and agrees with every one with IndexDimensions 0%n",
                measured.size(), count(measured, Measured.ACCEPTED), count(measured, Measured.REFUSED),
                count(measured, Measured.ENDED_THE_PROCESS));
    }

    /** What the validator says DirectML does: accepts, refuses, or ends the process (CREATE_OPERATOR_FAIL_FAST). */
    private static Measured verdict(ValidationResult result) {
        return result.isValid() ? Measured.ACCEPTED
                : result.errors().stream().anyMatch(d -> d.rule() == RuleId.CREATE_OPERATOR_FAIL_FAST)
                        ? Measured.ENDED_THE_PROCESS : Measured.REFUSED;
    }

    /** How many of the shapes that end the process run again alone, each in a process of its own. */
    private static final int FAIL_FAST_RUN_ALONE = 4;

    /**
     * IndexDimensions 0 with indices sizes other than 1 (docs/directml-behaviour.md §10.4), drawn afresh around the
     * measured rule: ranks 1 to 8, leading 1s in the input or not, the indices the input's first sizes after its
     * leading 1s (as many as Axis or fewer, or more), one size changed or one more in front, the output the formula's
     * or its padding dimension above 1 or one size off, every device data type and index type. The validator agrees
     * with CreateOperator on each: valid when it returned S_OK, CREATE_OPERATOR_FAIL_FAST when it ended the process.
     * The descs predicted to end the process stay out of the batch; the first few of them run alone.
     */
    @Test
    void indexDimensions0NeighbourhoodAgreesWithCreateOperator() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("GATHER IndexDimensions 0 neighbourhood on the real DirectML");
        List<GatherOperatorDesc> drawn = ScalarIndicesNeighbourhood.draw(SEED, 400);
        Map<String, GatherOperatorDesc> batch = new LinkedHashMap<>();
        Map<String, GatherOperatorDesc> endsTheProcess = new LinkedHashMap<>();
        for (GatherOperatorDesc desc : drawn) {
            String name = "k0_neighbourhood_" + (batch.size() + endsTheProcess.size());
            (GatherAgreementCases.endsTheProcessWithIndexDimensions0(desc) ? endsTheProcess : batch).put(name, desc);
        }
        List<String> disagreements = new ArrayList<>();
        Map<Measured, Integer> tally = new java.util.EnumMap<>(Measured.class);
        Map<String, HarnessResult> results = real.validate(batch.entrySet().stream()
                .map(e -> HarnessCase.validateOnly(e.getKey(), e.getValue())).toList());
        for (Map.Entry<String, GatherOperatorDesc> entry : batch.entrySet()) {
            HarnessResult theirs = results.get(entry.getKey());
            Measured dll = theirs.created() ? Measured.ACCEPTED : Measured.REFUSED;
            tally.merge(dll, 1, Integer::sum);
            ValidationResult ours = validator.validate(entry.getValue(), FeatureLevel.LEVEL_6_4);
            if (verdict(ours) != dll) {
                disagreements.add(entry.getKey() + ": DirectML " + dll + ", validator " + ours);
            }
        }
        int alone = 0;
        for (Map.Entry<String, GatherOperatorDesc> entry : endsTheProcess.entrySet()) {
            ValidationResult ours = validator.validate(entry.getValue(), FeatureLevel.LEVEL_6_4);
            Measured dll = Measured.ENDED_THE_PROCESS;
            if (alone < FAIL_FAST_RUN_ALONE) {
                RealDirectMl.Alone run = real.validateAlone(HarnessCase.validateOnly(entry.getKey(), entry.getValue()));
                dll = run.result().isPresent() ? (run.result().get().created() ? Measured.ACCEPTED : Measured.REFUSED)
                        : Measured.ENDED_THE_PROCESS;
                alone++;
            }
            tally.merge(dll, 1, Integer::sum);
            if (verdict(ours) != dll) {
                disagreements.add(entry.getKey() + ": DirectML " + dll + ", validator " + ours);
            }
        }
        System.out.printf("GATHER IndexDimensions 0 neighbourhood (seed %d): %d of %d verdicts equal to "
                + "CreateOperator's (DirectML: %s; %d of the %d that end the process run alone, the rest kept out)%n",
                SEED, drawn.size() - disagreements.size(), drawn.size(), tally, alone, endsTheProcess.size());
        assertTrue(disagreements.isEmpty(), () -> String.join("\n", disagreements));
        assertTrue(tally.getOrDefault(Measured.ACCEPTED, 0) >= 80 && tally.getOrDefault(Measured.REFUSED, 0) >= 80,
                tally::toString);
    }

    private static long count(Map<String, Measured> measured, Measured what) {
        return measured.values().stream().filter(what::equals).count();
    }

    private static GatherOperatorDesc gather(long[] input, long[] indices, long[] output, long axis,
            long indexDimensions) {
        return new GatherOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, input),
                BufferTensorDesc.packed(TensorDataType.UINT32, indices),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, output), axis, indexDimensions);
    }

    private static long[] s(long... sizes) {
        return sizes;
    }
}
