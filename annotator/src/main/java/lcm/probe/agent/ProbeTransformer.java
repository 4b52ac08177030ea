package lcm.probe.agent;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Set;

/**
 * Instruments the classes compiled from the measured sources ({@link MethodProbes}): a fragment's
 * lines call {@link Probe#enter}/{@link Probe#exit} on every way in and out; a lambda or task
 * method written inside a fragment calls {@link Probe#taskBegin}/{@link Probe#taskEnd}; calls of
 * parallel constructs (stream terminal operations, invokeAll, parallel array operations) are
 * bracketed by {@link Probe#parallelBegin}/{@link Probe#parallelEnd}; waits (joins, future gets,
 * locks, monitors, park, barriers, latches, semaphores, Object.wait) by
 * {@link Probe#waitBegin}/{@link Probe#waitEnd}; a static {@code main(String[])} calls
 * {@link Probe#mainBegin} first (the measured region starts there) and {@link Probe#mainEnd} last.
 */
final class ProbeTransformer implements ClassFileTransformer {

    /**
     * A fragment: its tag, where its source lines are, and the method's name when it is a whole
     * method (null for a statement range).
     */
    record Site(int id, String tag, String sourceFile, int firstLine, int lastLine, String method) {

        Site(int id, String tag, String sourceFile, int firstLine, int lastLine) {
            this(id, tag, sourceFile, firstLine, lastLine, null);
        }

        boolean whole() {
            return method != null;
        }

        int size() {
            return lastLine - firstLine;
        }
    }

    private final List<Site> sites;
    private final Set<String> sourceFiles;

    ProbeTransformer(List<Site> sites) {
        this.sites = List.copyOf(sites);
        this.sourceFiles = Set.copyOf(sites.stream().map(Site::sourceFile).toList());
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                            byte[] bytes) {
        if (className == null || !mayBeMeasured(loader, className)) {
            return null;
        }
        try {
            String[] source = new String[1];
            new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public void visitSource(String file, String debug) {
                    source[0] = file;
                }
            }, ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
            if (source[0] == null || !sourceFiles.contains(source[0])) {
                return null; // a class of no measured source: read no further
            }
            ClassNode node = new ClassNode();
            new ClassReader(bytes).accept(node, ClassReader.SKIP_FRAMES);
            boolean changed = false;
            for (MethodNode m : node.methods) {
                changed |= MethodProbes.instrument(node.name, node.sourceFile, m, sites);
            }
            if (!changed) {
                return null;
            }
            ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
                @Override
                protected String getCommonSuperClass(String a, String b) {
                    try {
                        return super.getCommonSuperClass(a, b);
                    } catch (RuntimeException | LinkageError e) {
                        return "java/lang/Object";
                    }
                }

                @Override
                protected ClassLoader getClassLoader() {
                    return loader != null ? loader : super.getClassLoader();
                }
            };
            node.accept(writer);
            return writer.toByteArray();
        } catch (Throwable t) {
            System.err.println("lcm probe: cannot instrument " + className + ": " + t);
            return null;
        }
    }

    /** The class prefixes of the JDK itself (javac's among them) and of the probe. */
    private static final List<String> NEVER_MEASURED = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/",
            "lcm/probe/");

    /**
     * Whether a class may come from the measured sources, decided without reading it: not the
     * JDK's (the boot and platform loaders, and the JDK's packages on any loader) nor the probe's.
     * This test runs for every class the JVM loads: when a program runs from source
     * ({@code java Prog.java}) javac's own classes load first, thousands of them, and reading
     * each with ASM kept the JIT compiler busy compiling ASM's reader while the program warmed
     * up, so that its kernels reached main still in not fully optimized code (docs/measure.md,
     * "Overhead").
     */
    static boolean mayBeMeasured(ClassLoader loader, String className) {
        if (loader == null || loader == ClassLoader.getPlatformClassLoader()) {
            return false;
        }
        for (String prefix : NEVER_MEASURED) {
            if (className.startsWith(prefix)) {
                return false;
            }
        }
        return true;
    }
}
