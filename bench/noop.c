/* noop.c — a program that does nothing: bench/run times it (linked statically,
 * as the flagrule under test) to show what starting and ending a process
 * costs on the machine, the floor under every one-config time. */
int main(void)
{
    return 0;
}
