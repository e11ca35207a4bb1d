package dev.dmlemu.cli;

import dev.dmlemu.desc.TensorDataType;
import java.util.Set;
import java.util.stream.Collectors;

/** How the command line names a device capability a desc needs and the DirectML device lacks. */
final class DeviceLimits {

    private DeviceLimits() {}

    /** {@code the device lacks FLOAT16: a device capability, not a feature-level rule}. */
    static String describe(Set<TensorDataType> lacked) {
        return "the device lacks " + lacked.stream().map(TensorDataType::name).sorted()
                .collect(Collectors.joining(", ")) + ": a device capability, not a feature-level rule";
    }
}
