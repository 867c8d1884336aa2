package io.jvortex.cli;

import io.jvortex.api.VortexReader;
import io.jvortex.dtype.DType;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code jvx schema FILE}: the dtype tree, one field per line ({@code name: type nullable|not null}),
 * nested fields, list elements, map keys and values and union variants indented below their parent.
 */
@Command(name = "schema", mixinStandardHelpOptions = true, versionProvider = Jvx.Version.class,
        description = "Print the schema: one field per line with its type and nullability.")
final class SchemaCommand implements Runnable, FileArgument.Reading {
    /** Name printed for a root that is not a struct. */
    static final String ROOT = "<root>";

    @Spec
    CommandSpec spec;
    @Mixin
    FileArgument input;

    @Override
    public FileArgument input() {
        return input;
    }

    @Override
    public void run() {
        try (VortexReader reader = input.open();
             FileArgument.Report _ = input.reporting(reader, spec.commandLine().getErr())) {
            print(spec.commandLine().getOut(), reader.schema());
        }
    }

    /**
     * @param out where the lines go
     * @param schema a root dtype
     */
    static void print(PrintWriter out, DType schema) {
        if (schema instanceof DType.Struct s && !s.nullable()) {
            for (int i = 0; i < s.names().size(); i++) {
                field(out, 0, s.names().get(i), s.fields().get(i));
            }
        } else {
            field(out, 0, ROOT, schema);
        }
    }

    private static void field(PrintWriter out, int depth, String name, DType type) {
        out.append("  ".repeat(depth)).append(name).append(": ").append(typeName(type))
                .append(type.nullable() ? " nullable" : " not null").println();
        switch (type) {
            case DType.Struct s -> {
                for (int i = 0; i < s.names().size(); i++) {
                    field(out, depth + 1, s.names().get(i), s.fields().get(i));
                }
            }
            case DType.List l -> field(out, depth + 1, "element", l.element());
            case DType.FixedSizeList f -> field(out, depth + 1, "element", f.element());
            case DType.Map m -> {
                field(out, depth + 1, "key", m.key());
                field(out, depth + 1, "value", m.value());
            }
            case DType.Union u -> {
                for (int i = 0; i < u.variants().size(); i++) {
                    String n = i < u.names().size() ? u.names().get(i) : "variant" + i;
                    field(out, depth + 1, n, u.variants().get(i));
                }
            }
            case DType.Null n -> {
            }
            case DType.Bool b -> {
            }
            case DType.Primitive p -> {
            }
            case DType.Decimal d -> {
            }
            case DType.Utf8 u -> {
            }
            case DType.Binary b -> {
            }
            case DType.Extension e -> {
            }
            case DType.Variant v -> {
            }
        }
    }

    /** The type without nullability; containers by kind only (their parts follow indented). */
    static String typeName(DType type) {
        return switch (type) {
            case DType.Struct s -> "struct";
            case DType.List l -> "list";
            case DType.FixedSizeList f -> "fixed_size_list[" + f.size() + "]";
            case DType.Map m -> m.keysSorted() ? "map (keys sorted)" : "map";
            case DType.Union u -> "union";
            case DType.Null n -> "null";
            case DType.Bool b -> "bool";
            case DType.Primitive p -> p.ptype().displayName();
            case DType.Decimal d -> "decimal(" + d.precision() + "," + d.scale() + ")";
            case DType.Utf8 u -> "utf8";
            case DType.Binary b -> "binary";
            case DType.Variant v -> "variant";
            case DType.Extension e -> {
                String shown = e.withNullable(false).display();
                // parameterless extensions (vortex.uuid) display as "id()": show just the id
                yield shown.endsWith("()") ? shown.substring(0, shown.length() - 2) : shown;
            }
        };
    }
}
