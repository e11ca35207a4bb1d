package dev.dmlemu.nativebridge.dml;

/**
 * {@code DML_BINDING_PROPERTIES} as Java values (all unsigned in C, non-negative here).
 *
 * @param requiredDescriptorCount descriptors the binding table needs
 * @param temporaryResourceSize bytes of scratch memory per dispatch; 0 = none
 * @param persistentResourceSize bytes that live as long as the compiled operator; 0 = none
 */
public record BindingProperties(long requiredDescriptorCount, long temporaryResourceSize,
        long persistentResourceSize) {
}
