/* consumer.c — a program outside the tree that uses the installed
 * libflagrule: its header, its pkg-config file and its library only.
 * tests/install/install.sh builds it against a staged `make install`.
 *
 *   consumer RULES_DIR LINE...    prints the version, then per LINE its
 *                                 compact line, its status and messages */
#include <flagrule.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: consumer RULES_DIR LINE...\n");
        return 2;
    }
    if (strcmp(fr_version(), FLAGRULE_VERSION) != 0) {
        fprintf(stderr, "consumer: header %s, library %s\n", FLAGRULE_VERSION, fr_version());
        return 1;
    }
    printf("flagrule %s\n", fr_version());
    fr_compiler *c = fr_compiler_new();
    if (!c)
        return 1;
    fr_rc rc = fr_compiler_add_path(c, argv[1]);
    fr_ruleset *rs = rc == FR_OK ? fr_compile(c, &rc) : NULL;
    const fr_diags *d = fr_compiler_diags(c);
    for (size_t i = 0; i < fr_diags_count(d); i++) {
        char *t = fr_diags_render(d, fr_diags_get(d, i), false);
        fputs(t ? t : "(out of memory)\n", stderr);
        free(t);
    }
    fr_compiler_free(&c);
    if (!rs) {
        fprintf(stderr, "consumer: the rules did not compile (%d)\n", (int)rc);
        return 1;
    }
    printf("%zu keys, %zu rules\n", fr_ruleset_nkeys(rs), fr_ruleset_nrules(rs));
    fr_eval *ev = fr_eval_new(rs);
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int status = 0;
    for (int a = 2; a < argc && ev; a++) {
        const fr_result *r = fr_eval_line(ev, argv[a], strlen(argv[a]));
        if (!r || fr_result_append_compact(r, &buf, &len, &cap) != FR_OK) {
            status = 1;
            break;
        }
        fwrite(buf, 1, len, stdout);
        len = 0;
        static const fr_severity sev[] = { FR_SEV_ERROR, FR_SEV_WARNING, FR_SEV_INFO };
        for (size_t s = 0; s < 3; s++)
            for (size_t i = 0; i < fr_result_nmessages(r, sev[s]); i++) {
                const fr_message *m = fr_result_message(r, sev[s], i);
                printf("  %s %s: %s\n", m->kind, m->rule >= 0 ? fr_rule_name(rs, (size_t)m->rule) : "-",
                       m->text);
            }
        if (fr_result_status(r) == FR_STATUS_INVALID)
            printf("  invalid: %s\n", fr_result_invalid_reason(r));
    }
    free(buf);
    if (!ev)
        status = 1;
    fr_eval_free(&ev);
    fr_ruleset_free(&rs);
    return status;
}
