package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.nativebridge.CreateVerdict;
import dev.dmlemu.nativebridge.DirectMlBackend;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code validate --backend directml}: DirectML's own CreateOperator verdict on each dispatchable, next to dmlemu's,
 * a disagreement marked. A desc that makes DirectML end its process is reported as such (the host is restarted). A
 * refusal of a desc whose data types the device lacks is a device capability, not a disagreement: it is named so.
 */
final class RealVerdicts {

    private RealVerdicts() {
    }

    /** One line per dispatchable, and its JSON under {@code directml}; true when every verdict agrees. */
    static boolean add(ModelInput input, ModelVerdict verdict, DirectMlBackend real, List<String> lines,
            ObjectNode json) {
        boolean agree = true;
        ObjectNode byName = json.putObject("directml");
        for (Map.Entry<String, ValidationResult> entry : verdict.results().entrySet()) {
            String name = entry.getKey();
            CreateVerdict created = CompareCommand.realVerdict(input, name, real);
            boolean ours = entry.getValue().isValid();
            boolean theirs = created.outcome() == CreateVerdict.Outcome.ACCEPTED;
            // A refusal for a data type this device lacks says nothing about the feature-level rules.
            Set<TensorDataType> lacked = theirs ? Set.of() : real.deviceInfo().lackedBy(input.operators().get(name));
            boolean same = ours == theirs || !lacked.isEmpty();
            agree &= same;
            lines.add("dispatchable '" + OneLine.of(name) + "': DirectML CreateOperator: " + created.describe()
                    + (lacked.isEmpty() ? "" : " (" + DeviceLimits.describe(lacked) + ")")
                    + "; dmlemu: " + (ours ? "valid" : "invalid") + (same ? "" : " -- DISAGREES"));
            ObjectNode node = byName.putObject(name);
            node.put("verdict", created.outcome().name().toLowerCase(java.util.Locale.ROOT));
            node.put("text", created.describe());
            ArrayNode lacks = node.putArray("deviceLacks");
            lacked.forEach(type -> lacks.add(type.name()));
            node.put("agrees", same);
        }
        return agree;
    }
}
