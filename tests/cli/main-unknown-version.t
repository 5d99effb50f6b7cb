# A misspelt --version.
$ --verison
2~ ^flagrule: unknown command '--verison'; did you mean '--version'\?$
? 2
