package dev.dmlemu.nativebridge;

import com.sun.jna.Platform;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.nativebridge.core.CoreAdapter;
import dev.dmlemu.nativebridge.core.CoreDll;
import dev.dmlemu.nativebridge.core.InProcessCore;
import dev.dmlemu.nativebridge.host.CoreTransport;
import dev.dmlemu.nativebridge.host.HostHello;
import dev.dmlemu.nativebridge.host.HostLauncher;
import dev.dmlemu.nativebridge.host.HostLimits;
import dev.dmlemu.nativebridge.host.HostSession;
import dev.dmlemu.nativebridge.host.HostSetup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Opens the DirectML backend, the native core behind one of its two transports: on Windows {@code dmlemu-core.dll}
 * from the jar, loaded into this process through JNA; on Linux x86_64 the DirectML host under Wine that
 * {@code dmlemu setup-directml} prepared. Nothing native is loaded until {@link #open} is called, and
 * off Windows nothing native is loaded into the JVM at all. When neither is possible the result is
 * {@link DirectMlAvailability.Unavailable} with the reason.
 *
 * <pre>{@code
 * DirectMlAvailability found = DirectMl.open(DirectMlOptions.defaults());
 * if (found instanceof DirectMlAvailability.Available available) {
 *     try (DirectMlBackend backend = available.backend()) { ... }
 * } else if (found instanceof DirectMlAvailability.Unavailable unavailable) {
 *     System.err.println("unavailable: " + unavailable.reason());
 * }
 * }</pre>
 */
public final class DirectMl {

    /** Environment variable naming a DirectML.dll to load instead of the system's. */
    public static final String DLL_ENV_VAR = "DMLEMU_DIRECTML_DLL";

    /** The start of the reason given on every OS but Windows and Linux x86_64. */
    public static final String NEEDS_WINDOWS = "DirectML needs Windows (x64/arm64)";

    /** {@code DML_CREATE_DEVICE_FLAG_DEBUG}: the debug layer, which needs DirectML.Debug.dll. */
    private static final int DML_CREATE_DEVICE_FLAG_DEBUG = 1;

    /** The library name handed to the OS loader when no path is given. */
    static final String SYSTEM_DLL = "DirectML";

    private DirectMl() {
    }

    /**
     * Opens a backend on the chosen adapter, or says why it cannot.
     *
     * <p>The caller closes an {@link DirectMlAvailability.Available available} backend.
     */
    public static DirectMlAvailability open(DirectMlOptions options) {
        return open(options, System.getenv(), System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
    }

    static DirectMlAvailability open(DirectMlOptions options, Map<String, String> environment, String osName,
            String osArch) {
        Objects.requireNonNull(options, "options");
        Optional<String> platformProblem = platformProblem(osName, osArch);
        if (platformProblem.isPresent()) {
            if (isLinuxX64(osName, osArch)) {
                return openHost(options, environment);
            }
            return new DirectMlAvailability.Unavailable(platformProblem.get());
        }
        DllChoice dll;
        try {
            dll = dllToLoad(options, environment);
        } catch (IllegalArgumentException e) {
            return new DirectMlAvailability.Unavailable(e.getMessage());
        }
        return openInProcess(options, dll);
    }

    /** The core from the jar in this process, on the DirectML.dll chosen. */
    private static DirectMlAvailability openInProcess(DirectMlOptions options, DllChoice dll) {
        Optional<String> missing = CoreDll.missing(Platform.RESOURCE_PREFIX, DirectMl.class.getClassLoader());
        if (missing.isPresent()) {
            return new DirectMlAvailability.Unavailable(missing.get());
        }
        InProcessCore core;
        try {
            core = InProcessCore.open(CoreDll.load(), dll.nameOrPath(), CoreAdapter.of(options.adapter()),
                    options.debugLayer() == DebugLayer.ON ? DML_CREATE_DEVICE_FLAG_DEBUG : 0);
        } catch (UnsatisfiedLinkError | OperatorExecutionException e) {
            return new DirectMlAvailability.Unavailable("the native core could not open DirectML.dll "
                    + dll.nameOrPath() + " (from " + dll.origin() + "): " + e.getMessage());
        }
        return available(core, core.hello(), "in process", options);
    }

    /**
     * Why this OS/architecture cannot run DirectML, or empty for Windows x64/arm64. Pure: reads no system state.
     *
     * @param osName as {@code System.getProperty("os.name")}, e.g. {@code Linux}, {@code Windows 11}
     * @param osArch as {@code System.getProperty("os.arch")}, e.g. {@code amd64}, {@code aarch64}
     */
    public static Optional<String> platformProblem(String osName, String osArch) {
        boolean windows = osName.toLowerCase(Locale.ROOT).startsWith("windows");
        String arch = osArch.toLowerCase(Locale.ROOT);
        boolean supportedArch = arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64")
                || arch.equals("arm64");
        if (windows && supportedArch) {
            return Optional.empty();
        }
        return Optional.of(NEEDS_WINDOWS + "; this is " + osName + " " + osArch);
    }

    /** Linux on x86_64, where the DirectML host runs under Wine. */
    public static boolean isLinuxX64(String osName, String osArch) {
        String arch = osArch.toLowerCase(Locale.ROOT);
        return osName.toLowerCase(Locale.ROOT).startsWith("linux") && (arch.equals("amd64") || arch.equals("x86_64"));
    }

    /** The DirectML host the setup in the cache folder describes, or why there is none. */
    static DirectMlAvailability openHost(DirectMlOptions options, Map<String, String> environment) {
        StringBuilder whyNot = new StringBuilder();
        Optional<HostSetup> setup = HostSetup.find(environment, whyNot);
        if (setup.isEmpty()) {
            return new DirectMlAvailability.Unavailable(whyNot.toString());
        }
        return openHost(setup.get().launcher(), HostLimits.defaults(), options);
    }

    /**
     * A backend on the DirectML host that {@code launcher} starts: what {@link #open} does on Linux, with the launcher
     * and limits given (tests start a stand-in host this way).
     */
    public static DirectMlAvailability openHost(HostLauncher launcher, HostLimits limits, DirectMlOptions options) {
        if (options.directMlDll().isPresent() || options.debugLayer() != DebugLayer.OFF) {
            return new DirectMlAvailability.Unavailable("on Linux the DirectML host uses the DirectML.dll that "
                    + "dmlemu setup-directml fetched (--dml-version picks it) and has no debug layer");
        }
        HostSession session;
        try {
            session = HostSession.open(launcher, limits);
        } catch (RuntimeException e) {
            return new DirectMlAvailability.Unavailable("the DirectML host did not start: " + e.getMessage());
        }
        return available(session, session.hello(), "under Wine", options);
    }

    /** A backend on an open transport, or why its device is not one dmlemu can use (the transport then closed). */
    private static DirectMlAvailability available(CoreTransport transport, HostHello hello, String where,
            DirectMlOptions options) {
        try {
            return new DirectMlAvailability.Available(new CoreDirectMlBackend(transport,
                    CoreDirectMlBackend.deviceInfo(hello, where), options.executionFlags()));
        } catch (RuntimeException e) {
            transport.close();
            return new DirectMlAvailability.Unavailable(e.getMessage());
        }
    }

    /** Where DirectML.dll comes from and why; {@code origin} appears in messages. */
    record DllChoice(String nameOrPath, String origin) {
    }

    /**
     * The option's path, else the environment variable's, else the system DLL.
     *
     * @throws IllegalArgumentException if a given path names no file
     */
    static DllChoice dllToLoad(DirectMlOptions options, Map<String, String> environment) {
        if (options.directMlDll().isPresent()) {
            return existing(options.directMlDll().get(), "the DirectML DLL option");
        }
        String fromEnvironment = environment.get(DLL_ENV_VAR);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return existing(Path.of(fromEnvironment.strip()), DLL_ENV_VAR);
        }
        return new DllChoice(SYSTEM_DLL, "the system search path");
    }

    private static DllChoice existing(Path path, String origin) {
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException(origin + " names " + path + ", which is not a file");
        }
        return new DllChoice(path.toAbsolutePath().toString(), origin);
    }
}
