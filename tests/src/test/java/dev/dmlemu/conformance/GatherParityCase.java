package dev.dmlemu.conformance;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.testkit.GatherFamilyCase;
import java.util.List;
import java.util.Map;

/** A generated gather case and its harness name, as the gather parity tests send it to the real DLL. */
record GatherParityCase<C extends GatherFamilyCase>(String name, C data) {

    HarnessCase harnessCase() {
        return HarnessCase.fromDesc(name, data.desc(), data.input().toBuffer(), data.indices().toBuffer());
    }

    /** The DLL's result for this case, which must have run end to end. */
    HarnessResult executed(Map<String, HarnessResult> results) {
        return DllOutputs.executed(results, name, () -> harnessCase().toCaseText());
    }

    /** {@code output}, the whole output buffer, holds what the DLL printed; {@code label} names the case and side. */
    void assertSameAsTheDll(String label, HarnessResult result, byte[] output) {
        DllOutputs.assertSameAsTheDll(label, data.dataType(), data.outputTensor(), result, output,
                () -> data + "\n" + harnessCase().toCaseText());
    }

    /** All {@code cases} in one harness run. */
    static Map<String, HarnessResult> runAll(RealDirectMl real, List<? extends GatherParityCase<?>> cases)
            throws Exception {
        return real.execute(cases.stream().map(GatherParityCase::harnessCase).toList());
    }
}
