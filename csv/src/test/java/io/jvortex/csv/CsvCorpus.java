package io.jvortex.csv;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded random CSV table written the way {@code jvx cat --format csv} writes one (RFC 4180 quoting,
 * {@code \n} line ends, null as an empty field, the empty string as {@code ""}), with a column of each
 * inferable type and string columns full of quotes, delimiters, LF and CRLF line breaks, blanks and
 * non-ASCII text (supplementary characters included).
 */
public final class CsvCorpus {
    /** Column names, and the type each one must be inferred as. */
    public static final List<String> NAMES = List.of("id", "amount", "ratio", "flag", "day", "at", "at_ms", "text",
            "note", "empty");
    public static final List<String> TYPES = List.of("i64", "decimal(18,2)", "f64", "bool", "date", "timestamp[s,tz=UTC]",
            "timestamp[ms]", "utf8", "utf8", "utf8");

    private static final String[] WORDS = {"a", "b,c", "say \"hi\"", "line\nbreak", "crlf\r\nbreak", " padded ",
        "é", "日本語", "\uD83D\uDE00 smile", "𝄞", "tab\there", "x", "quote\"", "\"", ",", "Ωmega", "007", "1e3",
        "true", "2024-01-01", "NaN", "\r"};

    private CsvCorpus() {
    }

    /**
     * @param random the generator
     * @param rows how many rows
     * @return the CSV text of a header and {@code rows} random rows
     */
    public static String generate(SplittableRandom random, int rows) {
        StringBuilder out = new StringBuilder();
        out.append(String.join(",", NAMES)).append('\n');
        for (int r = 0; r < rows; r++) {
            List<String> fields = new ArrayList<>();
            fields.add(nullable(random, r, Long.toString(random.nextLong() >> random.nextInt(64))));
            fields.add(nullable(random, r, new BigDecimal(BigInteger.valueOf(random.nextLong(-10_000_000, 10_000_000)), 2)
                    .toPlainString()));
            fields.add(nullable(random, r, Values.formatDouble(randomDouble(random))));
            fields.add(nullable(random, r, Boolean.toString(random.nextBoolean())));
            fields.add(nullable(random, r, LocalDate.ofEpochDay(random.nextLong(-700_000, 2_900_000)).toString()));
            LocalDateTime t = LocalDateTime.ofEpochSecond(random.nextLong(-5_000_000_000L, 200_000_000_000L), 0,
                    ZoneOffset.UTC);
            fields.add(nullable(random, r, t.toLocalDate() + String.format("T%02d:%02d:%02dZ", t.getHour(),
                    t.getMinute(), t.getSecond())));
            LocalDateTime ms = t.withNano(random.nextInt(1000) * 1_000_000);
            fields.add(nullable(random, r, ms.toLocalDate() + "T" + String.format("%02d:%02d:%02d.%03d", ms.getHour(),
                    ms.getMinute(), ms.getSecond(), ms.getNano() / 1_000_000)));
            fields.add(r == 0 ? "plain" : text(random, r));
            fields.add(text(random, r));
            fields.add("");
            out.append(String.join(",", fields)).append('\n');
        }
        return out.toString();
    }

    private static double randomDouble(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextInt(1000) / 8.0;
            case 1 -> (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(-30, 30));
            case 2 -> Double.longBitsToDouble(random.nextLong(1, 0x7FF) << 52 | random.nextLong() & 0xF_FFFF_FFFF_FFFFL)
                    * (random.nextBoolean() ? 1 : -1);
            default -> random.nextInt(-5, 5);
        };
    }

    /** Null (an empty field) now and then, except in the first row. */
    private static String nullable(SplittableRandom random, int row, String text) {
        return row > 0 && random.nextInt(8) == 0 ? "" : text;
    }

    private static String text(SplittableRandom random, int row) {
        int kind = random.nextInt(10);
        if (row > 0 && kind == 0) {
            return ""; // null
        }
        if (kind == 1) {
            return "\"\""; // the empty string
        }
        StringBuilder s = new StringBuilder();
        int words = 1 + random.nextInt(3);
        for (int w = 0; w < words; w++) {
            s.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return quoted(s.toString());
    }

    /** The field as the export writes a string: quoted when it holds a comma, a quote, CR or LF. */
    static String quoted(String s) {
        if (s.isEmpty() || s.chars().anyMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r')) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }
}
