package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
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

    /** For the backend line: {@code DirectML.dll 1.15.4 (...), Microsoft Basic Render Driver, DML_FEATURE_LEVEL_6_4}. */
    public String summary() {
        return directMlSource + ", " + adapterDescription + ", " + maxFeatureLevel.cName();
    }
}
