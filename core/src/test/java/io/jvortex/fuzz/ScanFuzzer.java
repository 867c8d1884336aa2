package io.jvortex.fuzz;

import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.dtype.DType;
import io.jvortex.error.VortexException;
import io.jvortex.expr.Expr;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole scan of a file with a projection, a filter, a row range and a chunk size chosen by the
 * input's control bytes; the rest of the input is the file.
 */
public final class ScanFuzzer {
    private ScanFuzzer() {
    }

    /**
     * @param data control bytes (see {@link Fuzz#withControl}) and the file's bytes
     */
    public static void fuzzerTestOneInput(byte[] data) {
        Fuzz.Input in = new Fuzz.Input(data);
        Fuzz.Input control = in.control();
        byte[] file = in.rest();
        try (VortexReader r = VortexReader.open(MemorySegment.ofArray(file), "fuzz.vortex", Fuzz.OPTIONS)) {
            Fuzz.drain(r.scan(options(r, control)));
        } catch (VortexException expected) {
            // a malformed file, reported as such
        }
    }

    static ScanOptions options(VortexReader r, Fuzz.Input control) {
        ScanOptions.Builder b = ScanOptions.builder();
        int projection = control.u16();
        if (!(r.schema() instanceof DType.Struct schema)) {
            return b.build();
        }
        List<String> names = schema.names();
        if (projection != 0 && !names.isEmpty()) {
            List<String> columns = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                if ((projection >>> (i % 16) & 1) != 0) {
                    columns.add(names.get(i));
                }
            }
            b.columns(columns);
        }
        int flags = control.u8();
        if ((flags & 1) != 0 && !names.isEmpty()) {
            Expr filter = predicate(schema, control);
            if ((flags & 2) != 0) {
                Expr other = predicate(schema, control);
                filter = (flags & 4) != 0 ? Expr.and(filter, other) : Expr.or(filter, other);
            }
            b.filter((flags & 8) != 0 ? Expr.not(filter) : filter);
        }
        if ((flags & 16) != 0) {
            long rows = r.rowCount();
            long start = Long.remainderUnsigned(control.i32() & 0xFFFF_FFFFL, rows + 1);
            long end = start + Long.remainderUnsigned(control.i32() & 0xFFFF_FFFFL, rows - start + 1);
            b.rowRange(start, end);
        }
        if ((flags & 32) != 0) {
            b.maxChunkRows(1 + control.u16());
        }
        if ((flags & 64) != 0) {
            b.limit(control.u16());
        }
        return b.build();
    }

    /** A comparison of one column with a literal of a type that fits it, or a null test. */
    static Expr predicate(DType.Struct schema, Fuzz.Input control) {
        int column = control.u8() % schema.names().size();
        Expr col = Expr.colPath(schema.names().get(column));
        DType type = schema.fields().get(column);
        int op = control.u8();
        Expr lit = switch (type) {
            case DType.Primitive p when p.ptype().isFloat() -> Expr.lit(Double.longBitsToDouble(control.i64()));
            case DType.Primitive p -> Expr.lit((long) (short) control.u16());
            case DType.Utf8 u -> Expr.lit(new String(control.bytes(control.u8() % 8),
                    java.nio.charset.StandardCharsets.ISO_8859_1));
            case DType.Bool b -> Expr.lit((op & 0x80) != 0);
            case DType.Decimal d -> Expr.lit(java.math.BigDecimal.valueOf((short) control.u16(), d.scale()));
            default -> null;
        };
        if (lit == null || op % 9 == 7) {
            return (op & 0x40) != 0 ? col.isNull() : col.isNotNull();
        }
        return switch (op % 9) {
            case 0 -> col.eq(lit);
            case 1 -> col.ne(lit);
            case 2 -> col.lt(lit);
            case 3 -> col.le(lit);
            case 4 -> col.gt(lit);
            case 5 -> col.ge(lit);
            case 6 -> col.in(lit, lit);
            default -> type instanceof DType.Utf8 ? col.startsWith(String.valueOf(control.u8() % 128))
                    : col.between(lit, lit);
        };
    }
}
