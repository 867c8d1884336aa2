import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.classfile.ClassElement;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.MethodElement;
import java.lang.classfile.MethodModel;
import java.lang.classfile.attribute.StackMapTableAttribute;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Build step of the {@code jvx} jar (run by Maven as a single-file program before the AOT training): class
 * files older than Java 6 (picocli and slf4j are compiled for Java 5) cannot be stored in a JDK 25
 * ahead-of-time cache once they have been linked, because the old verifier records no constraints. Loading
 * and verifying picocli's 228 classes from the jar then costs about 100 ms of every {@code jvx} start. This
 * rewrites such classes as Java 8 class files, with the same instructions and stack map frames computed by
 * the JDK's class-file API, and checks every rewritten class with the API's verifier; any failure fails the
 * build and leaves the jar as it was.
 *
 * <p>Usage: {@code java UpgradeOldClassFiles.java JAR}; the jar is replaced atomically.
 */
public final class UpgradeOldClassFiles {
    /** Class files below this major version (Java 6) carry no stack maps. */
    private static final int FIRST_WITH_STACK_MAPS = 50;
    /** The version they are rewritten as (Java 8). */
    private static final int TARGET = 52;

    private UpgradeOldClassFiles() {
    }

    /**
     * @param args the jar to rewrite in place
     * @throws IOException when the jar cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: java UpgradeOldClassFiles.java JAR");
        }
        Path jar = Path.of(args[0]);
        Path tmp = Files.createTempFile(jar.toAbsolutePath().getParent(), jar.getFileName() + ".", ".tmp");
        int upgraded = 0;
        List<String> failures = new ArrayList<>();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
             ZipFile in = new ZipFile(jar.toFile());
             OutputStream file = Files.newOutputStream(tmp);
             ZipOutputStream out = new ZipOutputStream(file)) {
            ClassHierarchyResolver hierarchy = ClassHierarchyResolver.ofResourceParsing(loader)
                    .orElse(ClassHierarchyResolver.defaultResolver()).cached();
            ClassFile classFile = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(hierarchy));
            for (Enumeration<? extends ZipEntry> entries = in.entries(); entries.hasMoreElements(); ) {
                ZipEntry entry = entries.nextElement();
                byte[] bytes;
                try (InputStream stream = in.getInputStream(entry)) {
                    bytes = stream.readAllBytes();
                }
                if (entry.getName().endsWith(".class") && majorVersion(bytes) < FIRST_WITH_STACK_MAPS) {
                    try {
                        byte[] rewritten = upgrade(classFile, classFile.parse(bytes));
                        classFile.verify(rewritten)
                                .forEach(error -> failures.add(entry.getName() + ": " + error.getMessage()));
                        bytes = rewritten;
                        upgraded++;
                    } catch (IllegalArgumentException | IllegalStateException e) {
                        failures.add(entry.getName() + ": " + e.getMessage());
                    }
                }
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setTime(entry.getTime());
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        if (!failures.isEmpty()) {
            Files.deleteIfExists(tmp);
            throw new IllegalStateException("cannot upgrade the old class files of " + jar + ":\n  "
                    + String.join("\n  ", failures));
        }
        // the temporary file is private to its owner; the jar keeps the permissions it had
        if (Files.getFileStore(jar).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(jar));
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("UpgradeOldClassFiles: " + upgraded + " class files of " + jar.getFileName()
                + " rewritten as Java 8 class files");
    }

    /** The major version in a class file's header, or {@code Integer.MAX_VALUE} when it has none. */
    private static int majorVersion(byte[] bytes) {
        if (bytes.length < 8 || (bytes[0] & 0xff) != 0xca || (bytes[1] & 0xff) != 0xfe) {
            return Integer.MAX_VALUE;
        }
        return (bytes[6] & 0xff) << 8 | bytes[7] & 0xff;
    }

    /** The class with a new version and every method body re-emitted, so that stack maps are generated. */
    private static byte[] upgrade(ClassFile classFile, ClassModel model) {
        return classFile.build(model.thisClass().asSymbol(), builder -> {
            builder.withVersion(TARGET, 0);
            for (ClassElement element : model) {
                if (element instanceof ClassFileVersion) {
                    continue;
                }
                if (element instanceof MethodModel method && method.code().isPresent()) {
                    builder.withMethod(method.methodName().stringValue(), method.methodTypeSymbol(),
                            method.flags().flagsMask(), methodBuilder -> {
                                for (MethodElement part : method) {
                                    if (part instanceof CodeModel code) {
                                        methodBuilder.withCode(codeBuilder -> {
                                            for (CodeElement instruction : code) {
                                                if (!(instruction instanceof StackMapTableAttribute)) {
                                                    codeBuilder.with(instruction);
                                                }
                                            }
                                        });
                                    } else {
                                        methodBuilder.with(part);
                                    }
                                }
                            });
                } else {
                    builder.with(element);
                }
            }
        });
    }
}
