package lcm.probe.agent;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which classes the probe's transformer reads at all: never the JDK's, whatever their loader. */
class ProbeTransformerTest {

    private final ClassLoader app = ClassLoader.getSystemClassLoader();

    @Test
    void jdkClassesAreNeverRead() {
        // the boot and platform loaders define only JDK classes
        assertFalse(ProbeTransformer.mayBeMeasured(null, "Fft2dTp"));
        assertFalse(ProbeTransformer.mayBeMeasured(ClassLoader.getPlatformClassLoader(), "Fft2dTp"));
        // javac's classes come through the application loader when a program runs from source
        assertFalse(ProbeTransformer.mayBeMeasured(app, "com/sun/tools/javac/comp/Attr"));
        assertFalse(ProbeTransformer.mayBeMeasured(app, "javax/tools/ToolProvider"));
        assertFalse(ProbeTransformer.mayBeMeasured(app, "jdk/internal/misc/Unsafe"));
        assertFalse(ProbeTransformer.mayBeMeasured(app, "lcm/probe/agent/Probe"));
    }

    @Test
    void programClassesAreRead() {
        ClassLoader sourceLauncher = new URLClassLoader(new URL[0], app);
        assertTrue(ProbeTransformer.mayBeMeasured(app, "Fft2dTp"));
        assertTrue(ProbeTransformer.mayBeMeasured(sourceLauncher, "Fft2dTp$Kernels"));
        assertTrue(ProbeTransformer.mayBeMeasured(app, "com/example/Jacobi"));
        assertTrue(ProbeTransformer.mayBeMeasured(app, "lcm/fixtures/Program"));
    }

    @Test
    void javacIsNotInstrumentedEvenWhenItsSourceFileNameIsMeasured() throws Exception {
        // javac's Main.class, read from the running JDK; its source file attribute is "Main.java",
        // the name of a measured source here, so only the JDK test keeps the probe out of it
        byte[] javac = Files.readAllBytes(FileSystems.getFileSystem(URI.create("jrt:/"))
                .getPath("modules", "jdk.compiler", "com/sun/tools/javac/Main.class"));
        ProbeTransformer t = new ProbeTransformer(List.of(new ProbeTransformer.Site(0, "f", "Main.java", 1, 9999)));
        assertNull(t.transform(app, "com/sun/tools/javac/Main", null, null, javac));
        // the same bytes under a program's name are instrumented (the source file matches)
        assertNotNull(t.transform(app, "Main", null, null, javac));
    }
}
