package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorField;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * What the DirectML device reported when it was opened.
 *
 * @param adapterDescription the DXGI adapter description, e.g. "Microsoft Basic Render Driver"
 * @param maxFeatureLevel the highest {@code DML_FEATURE_LEVEL} the device supports
 * @param supportedDataTypes the tensor data types {@code CheckFeatureSupport} reports as supported
 * @param directMlSource the DirectML.dll that was loaded
 */
public record DeviceInfo(String adapterDescription, FeatureLevel maxFeatureLevel,
        Set<TensorDataType> supportedDataTypes, String directMlSource) {

    public DeviceInfo {
        Objects.requireNonNull(adapterDescription, "adapterDescription");
        Objects.requireNonNull(maxFeatureLevel, "maxFeatureLevel");
        supportedDataTypes = Set.copyOf(supportedDataTypes);
        Objects.requireNonNull(directMlSource, "directMlSource");
    }

    /**
     * The data types {@code desc}'s tensors use that this device lacks (FLOAT16, INT16 and UINT16 on Wine's CPU
     * device): a device capability, apart from the feature-level rules, and the reason the device refuses such a desc
     * whatever the validator says. Empty when the device has them all.
     */
    public Set<TensorDataType> lackedBy(OperatorDesc desc) {
        Set<TensorDataType> lacked = EnumSet.noneOf(TensorDataType.class);
        for (TensorField field : desc.tensorFields()) {
            if (field.desc() instanceof BufferTensorDesc buffer && !supportedDataTypes.contains(buffer.dataType())) {
                lacked.add(buffer.dataType());
            }
        }
        return lacked;
    }

    /** For the backend line: {@code DirectML.dll 1.15.4 (...), Microsoft Basic Render Driver, DML_FEATURE_LEVEL_6_4}. */
    public String summary() {
        return directMlSource + ", " + adapterDescription + ", " + maxFeatureLevel.cName();
    }
}
