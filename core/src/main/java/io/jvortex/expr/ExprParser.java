package io.jvortex.expr;

import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.scalar.Scalar;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Recursive-descent parser of the filter text syntax:
 *
 * <pre>
 * expr      := and (OR and)*
 * and       := not (AND not)*
 * not       := NOT not | predicate
 * predicate := operand [ cmp operand | [NOT] IN '(' operand (',' operand)* ')' | IS [NOT] NULL
 *                      | [NOT] BETWEEN operand AND operand | [NOT] LIKE 'pattern' ]
 * operand   := '(' expr ')' | literal | STARTS_WITH '(' column ',' 'prefix' ')' | column
 * cmp       := = | == | != | &lt;&gt; | &lt; | &lt;= | &gt; | &gt;=
 * literal   := [-]number | 'string' | DATE 'yyyy-mm-dd' | TIMESTAMP 'yyyy-mm-dd[ hh:mm[:ss[.f]]]'
 *              | TIME 'hh:mm[:ss[.f]]' | TRUE | FALSE | NULL
 * column    := name ('.' name)*        name := identifier | "double-quoted"
 * </pre>
 *
 * Keywords are case-insensitive; strings escape a quote by doubling it ({@code 'it''s'}), quoted
 * identifiers likewise. Integers are {@code i64} (larger ones decimals), numbers with a point are
 * decimals, numbers with an exponent are {@code f64}.
 */
final class ExprParser {
    private enum Kind { IDENT, QUOTED_IDENT, STRING, NUMBER, SYMBOL, END }

    private record Token(Kind kind, String text, int position) {
    }

    private final String text;
    private final List<Token> tokens;
    private int next;

    private ExprParser(String text) {
        this.text = text;
        this.tokens = tokenize(text);
    }

    static Expr parse(String text) {
        if (text == null) {
            throw new NullPointerException("text");
        }
        ExprParser p = new ExprParser(text);
        Expr e = p.or();
        Token t = p.peek();
        if (t.kind != Kind.END) {
            throw p.error(t, "unexpected " + describe(t) + " after a complete expression");
        }
        return e;
    }

    // ---------------------------------------------------------------------------------------------
    // grammar

    private Expr or() {
        Expr e = and();
        while (keyword("OR")) {
            e = new Expr.Or(e, and());
        }
        return e;
    }

    private Expr and() {
        Expr e = not();
        while (keyword("AND")) {
            e = new Expr.And(e, not());
        }
        return e;
    }

    private Expr not() {
        if (keyword("NOT")) {
            return new Expr.Not(not());
        }
        return predicate();
    }

    private Expr predicate() {
        Expr left = operand();
        Token t = peek();
        if (t.kind == Kind.SYMBOL) {
            Expr.Op op = switch (t.text) {
                case "=", "==" -> Expr.Op.EQ;
                case "!=", "<>" -> Expr.Op.NE;
                case "<" -> Expr.Op.LT;
                case "<=" -> Expr.Op.LE;
                case ">" -> Expr.Op.GT;
                case ">=" -> Expr.Op.GE;
                default -> null;
            };
            if (op != null) {
                next++;
                return new Expr.Compare(op, left, operand());
            }
            return left;
        }
        if (keyword("IS")) {
            boolean negated = keyword("NOT");
            expectKeyword("NULL", "NULL after IS");
            return negated ? new Expr.IsNotNull(left) : new Expr.IsNull(left);
        }
        boolean negated = false;
        Token notToken = peek();
        if (isKeyword(notToken, "NOT")) {
            Token after = tokens.get(next + 1);
            if (!isKeyword(after, "IN") && !isKeyword(after, "BETWEEN") && !isKeyword(after, "LIKE")) {
                throw error(notToken, "NOT here must be followed by IN, BETWEEN or LIKE");
            }
            next++;
            negated = true;
        }
        Expr out;
        if (keyword("IN")) {
            expectSymbol("(", "'(' after IN");
            List<Expr> items = new ArrayList<>();
            do {
                items.add(operand());
            } while (symbol(","));
            expectSymbol(")", "',' or ')' in the IN list");
            out = new Expr.In(left, items);
        } else if (keyword("BETWEEN")) {
            Expr low = operand();
            expectKeyword("AND", "AND between the BETWEEN bounds");
            out = new Expr.Between(left, low, operand());
        } else if (keyword("LIKE")) {
            Token p = peek();
            if (p.kind != Kind.STRING) {
                throw error(p, "expected a quoted pattern after LIKE, got " + describe(p));
            }
            next++;
            out = new Expr.Like(left, p.text);
        } else {
            return left;
        }
        return negated ? new Expr.Not(out) : out;
    }

    private Expr operand() {
        Token t = peek();
        switch (t.kind) {
            case SYMBOL -> {
                if (t.text.equals("(")) {
                    next++;
                    Expr e = or();
                    expectSymbol(")", "')' to close the '(' at position " + t.position);
                    return e;
                }
                if (t.text.equals("-")) {
                    Token n = tokens.get(next + 1);
                    if (n.kind == Kind.NUMBER && n.position == t.position + 1) {
                        next += 2;
                        return number(n, true);
                    }
                }
                throw error(t, "expected a column, a literal or '(', got " + describe(t));
            }
            case NUMBER -> {
                next++;
                return number(t, false);
            }
            case STRING -> {
                next++;
                return Expr.lit(t.text);
            }
            case QUOTED_IDENT -> {
                return column();
            }
            case IDENT -> {
                String upper = t.text.toUpperCase(Locale.ROOT);
                switch (upper) {
                    case "TRUE", "FALSE" -> {
                        next++;
                        return Expr.lit(upper.equals("TRUE"));
                    }
                    case "NULL" -> {
                        next++;
                        return Expr.nullLit();
                    }
                    case "DATE", "TIMESTAMP", "TIME" -> {
                        Token s = tokens.get(next + 1);
                        if (s.kind == Kind.STRING) {
                            next += 2;
                            return temporal(upper, s);
                        }
                    }
                    case "STARTS_WITH" -> {
                        if (tokens.get(next + 1).kind == Kind.SYMBOL && tokens.get(next + 1).text.equals("(")) {
                            next += 2;
                            Expr value = operand();
                            expectSymbol(",", "',' between the STARTS_WITH arguments");
                            Token p = peek();
                            if (p.kind != Kind.STRING) {
                                throw error(p, "expected a quoted prefix, got " + describe(p));
                            }
                            next++;
                            expectSymbol(")", "')' to close STARTS_WITH");
                            return new Expr.StartsWith(value, p.text);
                        }
                    }
                    case "AND", "OR", "NOT", "IN", "IS", "BETWEEN", "LIKE" ->
                            throw error(t, "expected a column or a literal, got keyword " + t.text
                                    + " (quote a column of that name: \"" + t.text + "\")");
                    default -> {
                    }
                }
                return column();
            }
            case END -> throw error(t, "unexpected end of the expression; expected a column or a literal");
            default -> throw error(t, "unexpected " + describe(t));
        }
    }

    private Expr.Column column() {
        List<String> path = new ArrayList<>();
        while (true) {
            Token t = peek();
            if (t.kind != Kind.IDENT && t.kind != Kind.QUOTED_IDENT) {
                throw error(t, "expected a column name after '.', got " + describe(t));
            }
            next++;
            path.add(t.text);
            if (!symbol(".")) {
                return new Expr.Column(path);
            }
        }
    }

    private Expr number(Token t, boolean negative) {
        String s = (negative ? "-" : "") + t.text;
        boolean exponent = t.text.indexOf('e') >= 0 || t.text.indexOf('E') >= 0;
        if (exponent) {
            return Expr.lit(Double.parseDouble(s));
        }
        BigDecimal d = new BigDecimal(s);
        if (t.text.indexOf('.') < 0) {
            try {
                return Expr.lit(d.longValueExact());
            } catch (ArithmeticException tooLarge) {
                // an integer beyond i64 stays exact as a decimal of scale 0
            }
        }
        try {
            return Expr.lit(d);
        } catch (IllegalArgumentException e) {
            throw error(t, e.getMessage());
        }
    }

    private Expr temporal(String kind, Token s) {
        String v = s.text.trim();
        try {
            return switch (kind) {
                case "DATE" -> Expr.lit(LocalDate.parse(v));
                case "TIME" -> {
                    LocalTime time = LocalTime.parse(v);
                    yield Expr.lit(new Scalar(Extensions.time(TimeUnit.NANOSECONDS, false), time.toNanoOfDay()));
                }
                default -> Expr.lit(timestamp(v));
            };
        } catch (DateTimeParseException | IllegalArgumentException e) {
            throw error(s, "invalid " + kind + " literal '" + v + "' (expected "
                    + switch (kind) {
                        case "DATE" -> "yyyy-mm-dd";
                        case "TIME" -> "hh:mm[:ss[.fraction]]";
                        default -> "yyyy-mm-dd[ hh:mm[:ss[.fraction]]]";
                    } + ")");
        }
    }

    private static LocalDateTime timestamp(String v) {
        String iso = v.replace(' ', 'T');
        if (iso.endsWith("Z")) {
            iso = iso.substring(0, iso.length() - 1);
        }
        if (iso.indexOf('T') < 0) {
            return LocalDate.parse(iso).atStartOfDay();
        }
        return LocalDateTime.parse(iso);
    }

    // ---------------------------------------------------------------------------------------------
    // token helpers

    private Token peek() {
        return tokens.get(next);
    }

    private static boolean isKeyword(Token t, String word) {
        return t.kind == Kind.IDENT && t.text.equalsIgnoreCase(word);
    }

    private boolean keyword(String word) {
        if (isKeyword(peek(), word)) {
            next++;
            return true;
        }
        return false;
    }

    private void expectKeyword(String word, String what) {
        if (!keyword(word)) {
            throw error(peek(), "expected " + what + ", got " + describe(peek()));
        }
    }

    private boolean symbol(String s) {
        Token t = peek();
        if (t.kind == Kind.SYMBOL && t.text.equals(s)) {
            next++;
            return true;
        }
        return false;
    }

    private void expectSymbol(String s, String what) {
        if (!symbol(s)) {
            throw error(peek(), "expected " + what + ", got " + describe(peek()));
        }
    }

    private static String describe(Token t) {
        return switch (t.kind) {
            case END -> "the end of the expression";
            case STRING -> "string '" + t.text + "'";
            case QUOTED_IDENT -> "column \"" + t.text + "\"";
            default -> "'" + t.text + "'";
        };
    }

    private ExprSyntaxException error(Token t, String problem) {
        return new ExprSyntaxException(text, t.position, problem);
    }

    private static List<Token> tokenize(String text) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            int start = i;
            if (c == '\'' || c == '"') {
                StringBuilder sb = new StringBuilder();
                i++;
                while (true) {
                    if (i >= n) {
                        throw new ExprSyntaxException(text, start, c == '\'' ? "unterminated string"
                                : "unterminated quoted identifier");
                    }
                    char d = text.charAt(i);
                    if (d == c) {
                        if (i + 1 < n && text.charAt(i + 1) == c) {
                            sb.append(c);
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    sb.append(d);
                    i++;
                }
                if (c == '"' && sb.isEmpty()) {
                    throw new ExprSyntaxException(text, start, "empty quoted identifier");
                }
                out.add(new Token(c == '\'' ? Kind.STRING : Kind.QUOTED_IDENT, sb.toString(), start));
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(text.charAt(i + 1))
                    && !(prevIsName(out, text, start)))) {
                while (i < n && Character.isDigit(text.charAt(i))) {
                    i++;
                }
                if (i < n && text.charAt(i) == '.') {
                    i++;
                    while (i < n && Character.isDigit(text.charAt(i))) {
                        i++;
                    }
                }
                if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
                    int e = i + 1;
                    if (e < n && (text.charAt(e) == '+' || text.charAt(e) == '-')) {
                        e++;
                    }
                    if (e >= n || !Character.isDigit(text.charAt(e))) {
                        throw new ExprSyntaxException(text, i, "exponent without digits");
                    }
                    i = e;
                    while (i < n && Character.isDigit(text.charAt(i))) {
                        i++;
                    }
                }
                if (i < n && (Character.isLetter(text.charAt(i)) || text.charAt(i) == '_')) {
                    throw new ExprSyntaxException(text, i, "unexpected '" + text.charAt(i) + "' in a number");
                }
                out.add(new Token(Kind.NUMBER, text.substring(start, i), start));
            } else if (Character.isLetter(c) || c == '_') {
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                out.add(new Token(Kind.IDENT, text.substring(start, i), start));
            } else {
                String two = i + 1 < n ? text.substring(i, i + 2) : "";
                if (two.equals("<=") || two.equals(">=") || two.equals("!=") || two.equals("<>") || two.equals("==")) {
                    out.add(new Token(Kind.SYMBOL, two, start));
                    i += 2;
                } else if ("=<>(),.-".indexOf(c) >= 0) {
                    out.add(new Token(Kind.SYMBOL, String.valueOf(c), start));
                    i++;
                } else {
                    throw new ExprSyntaxException(text, start, "unexpected character '" + c + "'");
                }
            }
        }
        out.add(new Token(Kind.END, "", n));
        out.add(new Token(Kind.END, "", n));
        return out;
    }

    private static boolean prevIsName(List<Token> out, String text, int start) {
        if (out.isEmpty()) {
            return false;
        }
        Token last = out.getLast();
        return (last.kind == Kind.IDENT || last.kind == Kind.QUOTED_IDENT)
                && last.position + last.text.length() + (last.kind == Kind.QUOTED_IDENT ? 2 : 0) == start;
    }
}
