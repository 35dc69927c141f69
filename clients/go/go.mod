module github.com/revrec/revrec/clients/go

go 1.19
