package lcm.probe;

import org.objectweb.asm.tree.ClassNode;
import lcm.probe.agent.ProbeAgent;
import lcm.source.AtomicOutput;
import lcm.source.UserError;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * Builds the Java agent's own jar: the classes of lcm.probe.agent and of ASM (the bytecode
 * library it uses), ASM relocated to {@code lcm/probe/agent/asm/} so that it can never clash with
 * an ASM the measured program brings, and a manifest naming the Premain-Class. The jar is made
 * from the classes lcm runs with, so it always matches this lcm.
 */
public final class AgentJar {

    private static final String AGENT = "lcm/probe/agent/";
    private static final String ASM = "org/objectweb/asm/";
    private static final String RELOCATED = AGENT + "asm/";

    private AgentJar() {
    }

    /** The agent jar in dir (built there if missing). */
    public static Path in(Path dir) {
        Path jar = dir.resolve("lcm-probe-agent.jar");
        try {
            Files.createDirectories(dir);
            Map<String, byte[]> classes = new TreeMap<>();
            collect(ProbeAgent.class, AGENT, classes);
            collect(ClassReader.class, ASM, classes);
            Manifest manifest = new Manifest();
            manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
            manifest.getMainAttributes().putValue("Premain-Class", ProbeAgent.class.getName());
            AtomicOutput.file(jar, tmp -> write(tmp, manifest, classes));
            return jar;
        } catch (IOException | URISyntaxException e) {
            throw UserError.of("cannot build the Java agent in " + dir + ": " + e.getMessage());
        }
    }

    /** The agent's classes, ASM relocated under the agent's package, into a jar at {@code tmp}. */
    private static void write(Path tmp, Manifest manifest, Map<String, byte[]> classes) throws IOException {
        try (OutputStream os = Files.newOutputStream(tmp); JarOutputStream out = new JarOutputStream(os, manifest)) {
            Remapper remapper = new Remapper() {
                @Override
                public String map(String name) {
                    return name.startsWith(ASM) ? RELOCATED + name.substring(ASM.length()) : name;
                }
            };
            for (Map.Entry<String, byte[]> c : classes.entrySet()) {
                ClassReader reader = new ClassReader(c.getValue());
                ClassWriter writer = new ClassWriter(0);
                reader.accept(new ClassRemapper(writer, remapper), 0);
                String name = c.getKey().startsWith(ASM) ? RELOCATED + c.getKey().substring(ASM.length()) : c.getKey();
                out.putNextEntry(new JarEntry(name));
                out.write(writer.toByteArray());
                out.closeEntry();
            }
        }
    }

    /** Class files under prefix (the package and, for ASM, its tree and commons subpackages) next to anchor. */
    private static void collect(Class<?> anchor, String prefix, Map<String, byte[]> into)
            throws IOException, URISyntaxException {
        Path location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        boolean asm = prefix.equals(ASM);
        if (Files.isDirectory(location)) {
            Path root = location.resolve(prefix);
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    String name = location.relativize(f).toString().replace('\\', '/');
                    if (wanted(name, prefix, asm)) {
                        into.put(name, Files.readAllBytes(f));
                    }
                }
            }
            if (asm) { // asm-tree comes from its own jar when lcm runs from its build folders
                collectJar(ClassNode.class, prefix, into);
            }
            return;
        }
        collectJar(anchor, prefix, into);
        if (asm) {
            collectJar(ClassNode.class, prefix, into);
        }
    }

    private static void collectJar(Class<?> anchor, String prefix, Map<String, byte[]> into)
            throws IOException, URISyntaxException {
        Path location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (Files.isDirectory(location)) {
            return;
        }
        boolean asm = prefix.equals(ASM);
        try (JarFile jar = new JarFile(location.toFile())) {
            Enumeration<JarEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                JarEntry e = entries.nextElement();
                if (wanted(e.getName(), prefix, asm)) {
                    try (InputStream in = jar.getInputStream(e)) {
                        into.put(e.getName(), in.readAllBytes());
                    }
                }
            }
        }
    }

    private static boolean wanted(String name, String prefix, boolean asm) {
        if (!name.startsWith(prefix) || !name.endsWith(".class") || name.endsWith("module-info.class")) {
            return false;
        }
        String rest = name.substring(prefix.length());
        // ASM: the core package and the tree package are all the agent uses
        return !asm || !rest.contains("/") || rest.startsWith("tree/");
    }
}
