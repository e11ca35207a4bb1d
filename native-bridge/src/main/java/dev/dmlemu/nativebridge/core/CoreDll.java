package dev.dmlemu.nativebridge.core;

import com.sun.jna.Native;
import java.util.Optional;

/**
 * {@code dmlemu-core.dll} as the jar carries it, under JNA's resource prefix for the platform
 * ({@code win32-x86-64/}); JNA extracts it to a temporary file when it loads it.
 */
public final class CoreDll {

    /** The library name JNA maps to {@code dmlemu-core.dll}. */
    static final String NAME = "dmlemu-core";

    private CoreDll() {
    }

    /** The resource path of the core for a JNA resource prefix, e.g. {@code win32-x86-64/dmlemu-core.dll}. */
    static String resource(String resourcePrefix) {
        return resourcePrefix + "/" + NAME + ".dll";
    }

    /**
     * Why this jar cannot load the core for {@code resourcePrefix}, or empty when it carries it.
     *
     * @param loader where the jar's resources are looked up
     */
    public static Optional<String> missing(String resourcePrefix, ClassLoader loader) {
        String resource = resource(resourcePrefix);
        if (loader.getResource(resource) != null) {
            return Optional.empty();
        }
        return Optional.of("this dmlemu build has no native core for " + resourcePrefix + " (" + resource
                + " is not in the jar): it was built without mingw-w64. Install x86_64-w64-mingw32-gcc and build "
                + "dmlemu again (Maven then compiles the core into the jar), or build it alone with "
                + "native-bridge/src/main/c/build.sh --dll native-bridge/target/classes/" + resource
                + " before packaging");
    }

    /**
     * Loads the core from the jar.
     *
     * @throws UnsatisfiedLinkError when Windows cannot load it
     */
    public static CoreLibrary load() {
        return Native.load(NAME, CoreLibrary.class);
    }
}
